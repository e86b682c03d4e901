import { randomUUID } from 'node:crypto'
import { expect, type Route } from '@playwright/test'
import { exportJson } from './helpers/cli.ts'
import {
  contactAnswers,
  errorSummary,
  expectAnswers,
  openHydratedForm,
  typeAnswers,
} from './helpers/forms.ts'
import { test } from './helpers/visitor.ts'

// The contact form on /contact with JavaScript: it really stores the message and confirms it in
// place (tests/e2e/no-js/forms.spec.ts has the same form without JavaScript).

test('an empty submit lists the required fields in the focused error summary and sends nothing', async ({
  page,
}) => {
  const form = await openHydratedForm(page, 'contact')
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url())
  })
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(errorSummary(page)).toBeFocused()
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Enter your name.',
    'Enter your e-mail address.',
    'Enter a message.',
  ])
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true')
  expect(requests).toEqual([])
})

test('a message is stored, confirmed in place with focus, and another can follow', async ({ page }) => {
  const form = await openHydratedForm(page, 'contact')
  const name = `E2E Sender ${randomUUID().slice(0, 8)}`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('E-mail').fill('Sender@Example.com')
  await form.getByLabel('Company').fill('Sender & Co, "Ltd"')
  await form.getByLabel('Message').fill('Hello,\nwe would like a demo in Austin. ✓')
  await expect(form.getByLabel('Company')).not.toHaveAttribute('required', '')
  await form.getByRole('button', { name: 'Send message' }).click()
  const confirmation = page.getByRole('status').filter({ hasText: 'Message sent' })
  await expect(confirmation).toBeFocused()
  await expect(confirmation).toContainText('Thank you, your message has been received.')

  const stored = await exportJson('contact')
  expect(stored.find((row) => row.name === name)).toMatchObject({
    email: 'sender@example.com',
    company: 'Sender & Co, "Ltd"',
    message: 'Hello,\nwe would like a demo in Austin. ✓',
  })

  await confirmation.getByRole('button', { name: 'Send another message' }).click()
  for (const label of ['Name', 'E-mail', 'Company', 'Message'])
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel(label)).toHaveValue('')
})

// What goes wrong, and what the summary says: the answers stay in the form either way.
const failures: [what: string, answer: (route: Route) => Promise<void>, says: string][] = [
  ['a failed send', (route) => route.abort(), 'We could not reach the server'],
  [
    'a server failure',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'database_unavailable', message: 'The database is unavailable.' },
        }),
      }),
    'The database is unavailable. Your answers are still here',
  ],
]

for (const [what, answer, says] of failures) {
  test(`${what} keeps the values and says so in the alert region`, async ({ page }) => {
    const form = await openHydratedForm(page, 'contact')
    await page.route('**/api/contact', answer)
    const answers = contactAnswers('Kept Values')
    await typeAnswers(form, answers)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(errorSummary(page)).toBeFocused()
    await expect(errorSummary(page)).toContainText(says)
    await expectAnswers(form, answers)
    await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toHaveCount(0)
  })
}
