import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import { exportJson, runCli } from '../helpers/cli.ts'
import {
  applicationAnswers,
  applyForm,
  contactAnswers,
  contactForm,
  expectAnswers,
  expectApplicationFailed,
  expectApplicationSucceeded,
  refuseAsTooLarge,
  typeAnswers,
} from '../helpers/forms.ts'
import { holdScripts } from '../helpers/hold-scripts.ts'
import { isHydrated, waitForHydration } from '../helpers/hydration.ts'
import { test } from '../helpers/visitor.ts'

// Input made before the page's scripts arrive survives hydration (decision 022): every script is held
// back by routing until the test releases it; the visitor types into every field meanwhile.
// Typing key by key and reading rows back with the admin CLI take a while on a busy machine.
test.slow()

test('/apply: every answer typed before hydration is still there after it, and is what gets stored', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/apply', { waitUntil: 'commit' })
  const company = `Early Typist ${randomUUID().slice(0, 8)}`
  const answers = applicationAnswers(company)
  await expect(applyForm(page).getByRole('button', { name: 'Submit application' })).toBeVisible()
  await typeAnswers(applyForm(page), answers, { keyByKey: true })
  // A button that submits nothing, pressed early: the page's own link to the form.
  await page.getByRole('link', { name: 'Start your application' }).click()
  expect(await isHydrated(page)).toBe(false)
  release()
  await waitForHydration(page, 'application-form')
  await expectAnswers(applyForm(page), answers)

  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  await expectApplicationSucceeded(page)
  // Sent by the enhanced form: no page load.
  await expect(page).toHaveURL(/\/apply(#application)?$/)
  const stored = (await exportJson('applications')).filter((row) => row.companyName === company)
  expect(stored).toEqual([
    expect.objectContaining({
      businessType: 'Coffee Shop',
      contactName: 'Noor Haddad',
      email: 'noor@example.com',
      additionalInfo: 'Two stores; "late" hours & parking.',
    }),
  ])
})

test('/apply: a press before the scripts arrive posts the HTML form, and a failure there leads its summary with the spec sentence', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/apply', { waitUntil: 'commit' })
  const answers = applicationAnswers(`Early Failure ${randomUUID().slice(0, 8)}`)
  await expect(applyForm(page).getByRole('button', { name: 'Submit application' })).toBeVisible()
  await typeAnswers(applyForm(page), answers)
  await refuseAsTooLarge(page)
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  // Refused before the route admits it, so answered in place (decision 069).
  await expect(page).toHaveURL(/\/api\/applications$/)
  await expectApplicationFailed(page, 'The request body is too large.')
  release()
})

test('/contact: a message typed before hydration survives it and is stored', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/contact', { waitUntil: 'commit' })
  const name = `Early Sender ${randomUUID().slice(0, 8)}`
  const answers = contactAnswers(name)
  await expect(contactForm(page).getByRole('button', { name: 'Send message' })).toBeVisible()
  await typeAnswers(contactForm(page), answers, { keyByKey: true })
  expect(await isHydrated(page)).toBe(false)
  release()
  await waitForHydration(page, 'contact-form')
  await expectAnswers(contactForm(page), answers)
  await contactForm(page).getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeFocused()
  expect((await exportJson('contact')).filter((row) => row.name === name)).toEqual([
    expect.objectContaining({ email: 'robin@example.com', message: 'Line one,\nline "two" ✓' }),
  ])
})

test('a gate: a code typed before hydration survives it, the show button then reveals it, and it opens the docket', async ({
  page,
}) => {
  const { id, code } = JSON.parse(
    await runCli('codes', ['generate', 'compass', '--label', 'slow-scripts e2e', '--json']),
  ) as { id: string; code: string }
  try {
    const release = await holdScripts(page)
    await page.goto('/compass', { waitUntil: 'commit' })
    const field = page.getByLabel('Access Code', { exact: true })
    await field.click()
    await field.pressSequentially(code)
    release()
    const show = page.getByRole('button', { name: /Show access code/ })
    await expect(show).toBeVisible()
    await show.click()
    await expect(field).toHaveAttribute('type', 'text')
    await expect(field).toHaveValue(code)
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/docket$/)
  } finally {
    await runCli('codes', ['revoke', id])
  }
})
