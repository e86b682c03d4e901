// The Viewers page and the documents' audience without JavaScript: a search and ending a session
// are plain GET and POST forms; an upload to a gate that takes no code without "Share openly" is
// refused with the open gate's warning in the error summary, and goes through once it is ticked.
import { randomBytes } from 'node:crypto'
import { expect } from '@playwright/test'
import { confirmAction, passGate, signInAsNewOwner } from '../helpers/admin-console.ts'
import { newCode } from '../helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from '../helpers/visitor.ts'

test('ends a session and searches by e-mail with plain forms', async ({ page, browser }) => {
  test.setTimeout(300_000)
  const label = `no-js viewers ${randomBytes(3).toString('hex')}`
  const code = await newCode('compass', label)
  const viewer = await browser.newPage()
  await passGate(viewer, 'compass', code.code)
  await viewer.close()

  await signInAsNewOwner(page)
  await page.goto('/admin/viewers')
  const row = page.locator('tr', { hasText: label })
  await confirmAction(row, 'End session', /^End this session of /)
  await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible()
  await expect(page.locator('tr', { hasText: label })).toHaveCount(0)

  await page.getByLabel('E-mail').fill('nobody@example.com')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('Nothing is held about nobody@example.com in the data room.')).toBeVisible()
})

test('an upload to a gate that takes no code needs “Share openly”', async ({ page }) => {
  test.setTimeout(300_000)
  await signInAsNewOwner(page)
  const title = `Open notes ${randomBytes(3).toString('hex')}`
  await page.goto('/admin/documents')
  const fill = async () => {
    await page.getByLabel('Partner', { exact: true }).first().selectOption('walmart')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('File').setInputFiles({
      name: 'open.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# ${title}\n\nFor anyone at the gate.\n`),
    })
  }
  await fill()
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toContainText(
    "Walmart's gate takes no code: anyone who opens /walmart would read it.",
  )
  await fill()
  await page.getByLabel('Share openly (only for a gate that takes no code)').check()
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Shared openly.')).toBeVisible()
  await confirmAction(page, 'Remove document', /Viewers no longer see it\./)
  await expect(page.getByRole('heading', { name: 'Document removed' })).toBeVisible()
})
