import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { exportJson } from './helpers/cli'
import { watchSubmit } from './helpers/submit-watch'

// The contact form on /contact: it really stores the message and confirms it.

const SENT = "Message sent. We'll get back to you within one business day."

async function openForm(page: Page) {
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled()
  return form
}

test('an empty submit is blocked by browser validation and sends no request', async ({ page }) => {
  const form = await openForm(page)
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url())
  })
  const submitted = await watchSubmit(form)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByLabel('Name')).toBeFocused()
  // The browser fires `submit` during the click when the form is valid; it never did here.
  expect(await submitted()).toBe(false)
  expect(requests).toEqual([])
})

test('a message is stored, confirmed and the form resets', async ({ page }) => {
  const form = await openForm(page)
  const name = `E2E Sender ${randomUUID().slice(0, 8)}`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('E-mail').fill('Sender@Example.com')
  await form.getByLabel('Company').fill('Sender & Co, "Ltd"')
  await form.getByLabel('Message').fill('Hello,\nwe would like a demo in Austin. ✓')
  await expect(form.getByLabel('Company')).not.toHaveAttribute('required', '')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText(SENT)).toBeVisible()
  await expect(form.getByRole('status')).toHaveText('Thank you, your message has been received.')
  for (const label of ['Name', 'E-mail', 'Company', 'Message'])
    await expect(form.getByLabel(label)).toHaveValue('')

  const stored = await exportJson('contact')
  expect(stored.find((row) => row.name === name)).toMatchObject({
    email: 'sender@example.com',
    company: 'Sender & Co, "Ltd"',
    message: 'Hello,\nwe would like a demo in Austin. ✓',
  })
})

test('a failed send keeps the values and says so', async ({ page }) => {
  const form = await openForm(page)
  await page.route('**/api/contact', (route) => route.abort())
  await form.getByLabel('Name').fill('Kept Values')
  await form.getByLabel('E-mail').fill('kept@example.com')
  await form.getByLabel('Message').fill('Do not lose me')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Failed to send your message. Please try again.')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('Kept Values')
  await expect(form.getByLabel('E-mail')).toHaveValue('kept@example.com')
  await expect(form.getByLabel('Message')).toHaveValue('Do not lose me')
  await expect(form.getByRole('status')).toBeEmpty()
  await expect(page.getByText(SENT)).toHaveCount(0)
})
