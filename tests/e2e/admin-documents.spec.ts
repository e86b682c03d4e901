// The console's Documents and Applications and messages pages in Chromium with JavaScript, on the
// production server: an owner uploads a PDF (the progress bar shows while it goes), a viewer opens
// it through the gate and reads page 1, and the document's engagement page shows the opening and
// the time per page as charts and in their tables; a contact message is read and deleted behind
// its confirm step; the audit log says who did each. Every page passes axe and is looked at in
// screenshots at 1440 and 375 px.
import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { MIN_DWELL_MS } from '../../lib/documents/reading-clock.ts'
import { stay } from '../helpers/browser-clock.ts'
import { makePdf } from '../helpers/documents.ts'
import {
  auditLines,
  consoleMenu,
  engagementOfOneReading,
  passGate,
  signInAsNewOwner,
} from './helpers/admin-console.ts'
import { expectNoViolation } from './helpers/axe.ts'
import { newCode, rm5 } from './helpers/cli.ts'
import { waitForHydration } from './helpers/hydration.ts'
import { photographWidths } from './helpers/viewport.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

/** axe at 1440 and at 375 px, and a full-page screenshot of each (looked at by whoever changes the page). */
async function checkPage(page: Page, name: string) {
  await photographWidths(page, name, { fullPage: true, check: expectNoViolation })
}

test('an owner uploads a PDF with a progress bar; a viewer reads it; its engagement page shows the figures', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await rm5(['agreements', 'clear', 'compass'])
  const email = await signInAsNewOwner(page)
  const title = `Console deck ${randomBytes(3).toString('hex')}`

  await consoleMenu(page).getByRole('link', { name: 'Documents', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
  await page.getByLabel('Partner', { exact: true }).first().selectOption('compass')
  await page.getByLabel('Title').fill(title)
  // A larger PDF, so the upload takes more than one progress event.
  await page.getByLabel('File').setInputFiles({
    name: 'console-deck.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makePdf(3, 'Console deck')),
  })
  // What the progress box showed while the XHR ran (the page it lived on is replaced after).
  await page.evaluate(() => {
    const log: string[] = []
    ;(window as unknown as { uploadLog: string[] }).uploadLog = log
    const box = document.querySelector('[data-upload-progress]') as HTMLElement
    new MutationObserver(() =>
      log.push(
        `${box.hidden ? 'hidden' : 'shown'} ${box.querySelector('[data-upload-status]')?.textContent}`,
      ),
    ).observe(box, { attributes: true, subtree: true, childList: true, characterData: true })
  })
  await checkPage(page, 'documents')
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Document uploaded' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/documents\/[0-9a-f]{32}\?done=added$/)
  const uploadLog = await page.evaluate(() => (window as unknown as { uploadLog: string[] }).uploadLog)
  expect(uploadLog[0]).toMatch(/^shown /)
  expect(uploadLog.at(-1)).toBe('shown Checking the file…')
  const id = /documents\/([0-9a-f]{32})/.exec(page.url())?.[1] as string
  await expect(page.getByRole('cell', { name: 'console-deck.pdf' })).toBeVisible()
  await checkPage(page, 'document')
  // Back shows the page the upload was sent from, not the drawn answer under the list's address;
  // Forward shows the document again.
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/documents$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
  // The list is a page loaded again (not the drawn answer), and done loading before Forward.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return `${entry?.type} ${document.readyState}`
      }),
    )
    .toBe('reload complete')
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  // A viewer opens it through the gate and stays on page 1 long enough for it to count.
  const code = await newCode('compass', `Console viewer ${title.slice(-6)}`)
  const viewer = await browser.newPage()
  await passGate(viewer, 'compass', code.code)
  await viewer.goto(`/docket/documents/${id}`)
  await waitForHydration(viewer, 'pdf-pane', 30_000)
  await expect(viewer.locator('.pdf-pane__page[data-page="1"][data-drawn]')).toBeAttached()
  await stay(viewer, MIN_DWELL_MS + 500)
  const leftPageOne = viewer.waitForRequest(
    (request) => request.url().endsWith('/api/documents/beacon') && request.postDataJSON()?.page === 1,
  )
  await viewer.locator('.pdf-pane__step[aria-label="Next page"]').dispatchEvent('click')
  await leftPageOne
  await viewer.close()

  // Views are written within seconds: the engagement page shows them once they are.
  await engagementOfOneReading(page)
  const pages = page.getByRole('table', { name: 'Time per page' })
  await expect(pages.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText('1')
  await expect(pages.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('1')
  await expect(page.getByRole('table', { name: 'Viewers' }).getByRole('row')).toHaveCount(2)
  await expect(page.getByRole('table', { name: 'Viewers' })).toContainText('1 of 3 (to p. 1)')
  const csv = await page.request.get(`/admin/documents/${id}/engagement.csv?figures=pages`)
  expect((await csv.text()).split('\r\n')[1]).toMatch(/^1,[1-9]\d*,1,1$/)
  await checkPage(page, 'engagement')

  expect((await auditLines(page, email)).slice(0, 2)).toEqual([
    `${email} document.add`,
    `${email} session.sign-in`,
  ])
  await rm5(['documents', 'remove', id])
  await rm5(['codes', 'revoke', code.id])
})

test('a message is read and deleted behind its confirm step', async ({ page }) => {
  test.setTimeout(90_000)
  const email = await signInAsNewOwner(page)
  const sender = `Sam ${randomBytes(3).toString('hex')}`
  const sent = await page.request.post('/api/contact', {
    data: { name: sender, email: 'sam@asker.example', message: 'Please call me back about pricing.' },
  })
  expect(sent.status()).toBe(201)
  await consoleMenu(page).getByRole('link', { name: 'Applications and messages', exact: true }).click()
  await checkPage(page, 'applications')
  await page.getByRole('link', { name: 'Messages', exact: true }).click()
  await page.getByRole('link', { name: sender }).click()
  await expect(page.getByText('Please call me back about pricing.')).toBeVisible()
  await checkPage(page, 'message')
  await page.getByRole('link', { name: 'Delete this message…' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Delete this message?' })).toBeVisible()
  await checkPage(page, 'message-delete')
  await page.getByRole('button', { name: 'Delete message' }).click()
  await expect(page.getByRole('heading', { name: 'The message was deleted' })).toBeVisible()
  await expect(page.getByRole('link', { name: sender })).toHaveCount(0)
  expect((await auditLines(page, email))[0]).toBe(`${email} message.delete`)
})
