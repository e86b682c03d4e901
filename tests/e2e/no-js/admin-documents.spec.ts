// The console's upload and delete without JavaScript: the upload form is a plain multipart post
// (no progress bar, the same answer), and deleting a message takes its confirm page.
import { randomBytes } from 'node:crypto'
import { expect } from '@playwright/test'
import { signInAsNewOwner } from '../helpers/admin-console.ts'
import { rm5 } from '../helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from '../helpers/visitor.ts'

test('uploads a document, then refuses a second file of another kind as the CLI does', async ({ page }) => {
  test.setTimeout(60_000)
  await signInAsNewOwner(page)
  const title = `No-JS notes ${randomBytes(3).toString('hex')}`
  await page.goto('/admin/documents')
  await page.getByLabel('Partner', { exact: true }).first().selectOption('compass')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('File').setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Notes\n\nWritten without a script.\n'),
  })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Document uploaded' })).toBeVisible()
  const id = /documents\/([0-9a-f]{32})/.exec(page.url())?.[1] as string

  await page
    .getByLabel('File')
    .setInputFiles({ name: 'deck.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
  await page.getByRole('button', { name: 'Upload new version' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toContainText('deck.txt is not accepted')
  await rm5(['documents', 'remove', id])
})

test('deletes a message through its confirm page', async ({ page }) => {
  test.setTimeout(60_000)
  await signInAsNewOwner(page)
  const sender = `No-JS Sam ${randomBytes(3).toString('hex')}`
  const sent = await page.request.post('/api/contact', {
    data: { name: sender, email: 'sam@asker.example', message: 'Forget me, please.' },
  })
  expect(sent.status()).toBe(201)
  await page.goto('/admin/messages')
  await page.getByRole('link', { name: sender }).click()
  await page.getByRole('link', { name: 'Delete this message…' }).click()
  await page.getByRole('button', { name: 'Delete message' }).click()
  await expect(page.getByRole('heading', { name: 'The message was deleted' })).toBeVisible()
  await expect(page.getByRole('link', { name: sender })).toHaveCount(0)
})
