// The console's Viewers page and a document's audience settings in Chromium with JavaScript, on the
// production server: a viewer opens the docket with a code; an owner finds the live session, ends
// it (the confirm the script adds), and the viewer's next page is the gate again; a search for a
// whole address shows what is held about the person; a PDF is set to "shown in the page only" (a
// Markdown document always is). Every page passes axe and is photographed at 375 and 1440 px.
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { expect } from '@playwright/test'
import { makePdf } from '../helpers/documents.ts'
import {
  confirmAction,
  consoleMenu,
  passGate,
  photograph,
  signInAsNewOwner,
} from './helpers/admin-console.ts'
import { expectNoViolation } from './helpers/axe.ts'
import { newCode, rm5 } from './helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

test('an owner ends a viewer’s live session and looks a person up', async ({ page, browser }) => {
  // Three CLI runs (a code, an admin, a link) before the browser work.
  test.setTimeout(300_000)
  const label = `e2e viewers ${randomBytes(3).toString('hex')}`
  const code = await newCode('compass', label)
  const viewer = await browser.newPage()
  await passGate(viewer, 'compass', code.code)

  await signInAsNewOwner(page)
  await consoleMenu(page).getByRole('link', { name: 'Viewers', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Viewers' })).toBeVisible()
  const row = page.locator('tr', { hasText: label })
  await expect(row).toBeVisible()
  await expectNoViolation(page)
  await photograph(page, 'viewers')

  await confirmAction(row, 'End session', /^End this session of /)
  await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible()
  await expect(page.locator('tr', { hasText: label })).toHaveCount(0)
  // Every server stops honouring it within the grant cache's seconds: the docket sends them to the gate.
  await expect(async () => {
    await viewer.goto('/docket')
    await expect(viewer).not.toHaveURL(/\/docket$/, { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })

  await page.getByLabel('E-mail').fill('nobody@example.com')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('Nothing is held about nobody@example.com in the data room.')).toBeVisible()
  await expectNoViolation(page)
  await photograph(page, 'viewers-person')
  await viewer.close()
})

test('an owner sets a document to be shown in the page only', async ({ page }) => {
  test.setTimeout(300_000)
  await signInAsNewOwner(page)
  const file = test.info().outputPath('audience.pdf')
  await writeFile(file, await makePdf(1, 'Audience'))
  const added = JSON.parse(
    await rm5([
      'documents',
      'add',
      'compass',
      file,
      '--title',
      `Audience ${randomBytes(3).toString('hex')}`,
      '--json',
    ]),
  ) as { id: string }
  await page.goto(`/admin/documents/${added.id}`)
  await expect(page.getByRole('heading', { name: 'Audience and download' })).toBeVisible()
  await page.getByLabel('Shown in the page only (no Download button)').check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings saved' })).toBeVisible()
  await expect(page.getByLabel('Shown in the page only (no Download button)')).toBeChecked()
  await expectNoViolation(page)
  await photograph(page, 'document-settings')
  // Saved, not only ticked: the page read again shows it.
  await page.reload()
  await expect(page.getByLabel('Shown in the page only (no Download button)')).toBeChecked()
  await confirmAction(page, 'Remove document', /Viewers no longer see it\./)
  await expect(page.getByRole('heading', { name: 'Document removed' })).toBeVisible()
})
