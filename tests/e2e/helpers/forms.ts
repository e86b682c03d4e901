// The two forms as a visitor meets and fills them, for the specs with and without JavaScript.
import { expect, type Locator, type Page } from '@playwright/test'
import { APPLICATION_FAILURE, APPLICATION_SUCCESS } from '../../helpers/promised.ts'
import { waitForHydration } from './hydration.ts'

export const applyForm = (page: Page) => page.getByRole('form', { name: 'Retailer application' })
export const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' })
const FORMS = {
  apply: { path: '/apply', locate: applyForm, island: 'application-form' },
  contact: { path: '/contact', locate: contactForm, island: 'contact-form' },
} as const

/** Opens a form's page at the form and waits until its island has hydrated (it starts when reached). */
export async function openHydratedForm(page: Page, name: keyof typeof FORMS): Promise<Locator> {
  const { path, locate, island } = FORMS[name]
  await page.goto(path)
  const form = locate(page)
  await form.scrollIntoViewIfNeeded()
  await waitForHydration(page, island)
  return form
}

export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

/** A pattern for text that starts with `text` (leading white space aside). */
export const startingWith = (text: string) =>
  new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

/** The application's confirmation panel (JS) or page panel (no JS): a status region. */
export const applicationConfirmation = (page: Page) => page.getByRole('status', { name: APPLICATION_SUCCESS })

/**
 * The spec's success sentence is the first thing read: the first line and the name of the panel
 * that takes focus (in place of the form with JavaScript, on /apply/received without). The
 * confirmation page lists the next steps; the panel in place does not repeat the steps the page
 * shows beside the form, and says the form below is empty again.
 */
export async function expectApplicationSucceeded(page: Page) {
  const panel = applicationConfirmation(page)
  await expect(panel).toBeFocused()
  await expect(panel).toHaveAccessibleName(APPLICATION_SUCCESS)
  await expect(panel).toHaveText(startingWith(APPLICATION_SUCCESS))
  if (new URL(page.url()).pathname === '/apply/received') {
    await expect(panel).toContainText('What happens next')
  } else {
    await expect(panel).not.toContainText('What happens next')
    await expect(panel).toContainText('The form below is empty again')
    await expect(page.getByText('What happens next', { exact: true })).toHaveCount(1)
  }
}

/** The failure summary (an alert region) whose first line is the spec's failure sentence. */
export const applicationFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: startingWith(APPLICATION_FAILURE) })

export async function expectApplicationFailed(page: Page, reason: string | RegExp) {
  const summary = applicationFailure(page)
  await expect(summary).toBeFocused()
  await expect(summary).toHaveText(startingWith(APPLICATION_FAILURE))
  await expect(summary.getByRole('heading').first()).toHaveText(APPLICATION_FAILURE)
  await expect(summary).toContainText(reason)
}

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

/**
 * The application's next post reaches the server longer than any form may be: refused as a whole
 * (413) while the body is read, before the form's rate limit counts it (that limit, per address,
 * is shared by every e2e post from this machine).
 */
export async function refuseAsTooLarge(page: Page) {
  await page.route('**/api/applications', (route) =>
    route.continue({ postData: `${route.request().postData() ?? ''}&padding=${'x'.repeat(70 * 1024)}` }),
  )
}
