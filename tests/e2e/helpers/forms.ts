// The two forms' fields as a visitor fills them, for the no-JS and slow-script specs.
import { expect, type Locator, type Page } from '@playwright/test'

export const applyForm = (page: Page) => page.getByRole('form', { name: 'Retailer application' })
export const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' })
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

/** Every field of the application, as typed (text inputs) or chosen (selects). */
export function applicationAnswers(company: string) {
  return {
    text: {
      'Company name': company,
      'Locations in Austin': '2',
      'Full name': 'Noor Haddad',
      'Work e-mail': 'Noor@Example.com',
      Phone: '(512) 555-0199',
      'Average order value': '24.50',
      'Orders per month': '900',
      'Anything else we should know?': 'Two stores; "late" hours & parking.',
    },
    select: { 'Business type': 'Coffee Shop', 'How do you deliver today?': 'In-house delivery' },
  }
}

export function contactAnswers(name: string) {
  return {
    text: {
      Name: name,
      'E-mail': 'Robin@Example.com',
      Company: 'Robin & Co',
      Message: 'Line one,\nline "two" ✓',
    },
    select: {},
  }
}

/** A field by its label; an optional field's label ends in "(optional)". */
const field = (form: Locator, label: string) =>
  form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`))

type Answers = ReturnType<typeof applicationAnswers> | ReturnType<typeof contactAnswers>

/**
 * Fills every answer; `keyByKey` types each key as a person would (pressSequentially), for the
 * tests where the keys themselves matter (typed before hydration).
 */
export async function typeAnswers(form: Locator, answers: Answers, { keyByKey = false } = {}) {
  for (const [label, value] of Object.entries(answers.text)) {
    if (!keyByKey) {
      await field(form, label).fill(value)
      continue
    }
    await field(form, label).click()
    await field(form, label).pressSequentially(value)
  }
  for (const [label, value] of Object.entries(answers.select)) await field(form, label).selectOption(value)
}

export async function expectAnswers(form: Locator, answers: Answers) {
  for (const [label, value] of Object.entries({ ...answers.text, ...answers.select }))
    await expect(field(form, label)).toHaveValue(value)
}
