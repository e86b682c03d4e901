// Issue 36's "Done when", whole, on the e2e server (a fresh `npm start`): `rm5 admins add
// ops@example.com --role owner` and `rm5 admins link ops@example.com` give a link that signs in;
// the owner adds a partner, uploads a PDF (with JavaScript a progress bar shows while it goes) and
// generates a code; a viewer, in a browser of their own, passes the partner's gate with it and
// reads the PDF; the document's engagement page shows the opening and the time per page in its
// charts and tables; the audit log names who did each step. The forms run once with JavaScript
// (as the ops@example.com) and once without (as ops+no-js@example.com, so both can run at once).
import { randomBytes } from 'node:crypto'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { MIN_DWELL_MS } from '../../lib/documents/reading-clock.ts'
import { stay } from '../helpers/browser-clock.ts'
import { makePdf } from '../helpers/documents.ts'
import { randomIp } from '../helpers/form-bodies.ts'
import {
  auditEntries,
  consoleMenu,
  engagementOfOneReading,
  generateCode,
  passGate,
  photograph,
  signInAsOwner,
} from './helpers/admin-console.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { rm5 } from './helpers/cli.ts'
import { waitForHydration } from './helpers/hydration.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

const PAGES = 3
// A file of about three seconds at the emulated upload speed: Chromium reports an upload's progress
// as its network service reads the body, which on loopback unthrottled is one step from 0 to 100.
const UPLOAD_BYTES_PER_SECOND = 256 * 1024
const UPLOAD_PADDING = 768 * 1024

/**
 * A server reused from an earlier run (not CI) still has the owner: it is removed first, as an admin
 * would, after a stand-in owner is added (the last owner cannot be removed).
 */
async function withoutAdmin(email: string) {
  const admins: { email: string }[] = JSON.parse(await rm5(['admins', 'list', '--json']))
  if (!admins.some((admin) => admin.email === email)) return
  await rm5(['admins', 'add', `stand-in-${randomBytes(4).toString('hex')}@example.com`, '--role', 'owner'])
  await rm5(['admins', 'remove', email])
}

/** Adds a partner with the console's form; resolves when its page says it was added. */
async function addPartner(page: Page, partner: { slug: string; name: string }) {
  await consoleMenu(page).getByRole('link', { name: 'Partners', exact: true }).click()
  await page.getByLabel('Slug (the gate is /slug)').fill(partner.slug)
  await page.getByLabel('Name', { exact: true }).fill(partner.name)
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByRole('heading', { name: 'Partner added' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: partner.name })).toBeVisible()
}

/** Fills the upload form of the documents page for the partner. */
async function fillUpload(page: Page, slug: string, title: string, javaScript: boolean) {
  await consoleMenu(page).getByRole('link', { name: 'Documents', exact: true }).click()
  await page.getByLabel('Partner', { exact: true }).first().selectOption(slug)
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('File').setInputFiles({
    name: 'pricing.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makePdf(PAGES, title, javaScript ? UPLOAD_PADDING : 0)),
  })
}

/**
 * Uploads with the upload slowed by Chromium's own network emulation, so the progress bar is seen
 * part-way: every value the bar takes while shown is recorded (the page it lives on is replaced by
 * the answer), then the limit is lifted once the document's page has come back.
 */
async function uploadWatchingProgress(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    })
  await page.evaluate(() => {
    const bar = document.querySelector('[data-upload-progress] progress') as HTMLProgressElement
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    new MutationObserver(() => {
      if (bar.checkVisibility()) seen.push(bar.value)
    }).observe(bar, { attributes: true, attributeFilter: ['value'] })
  })
  await throttle(UPLOAD_BYTES_PER_SECOND)
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('progressbar', { name: 'Uploading' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Document uploaded' })).toBeVisible({ timeout: 60_000 })
  await throttle(-1)
  await cdp.detach()
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(0)
  expect(seen.at(-1)).toBe(100)
}

/**
 * The viewer's own browser: passes the gate with the code (with or without JavaScript), then reads
 * page 1 of the PDF in the PDF pane long enough for it to count and leaves it for page 2, which
 * reports the page (the reading tracker is a script: without JavaScript the gate's form is posted
 * as HTML and the reading happens in a scripted browser holding the same cookies).
 */
async function viewerReads(
  browser: Browser,
  javaScript: boolean,
  gate: { slug: string; name: string },
  code: string,
  document: { id: string; title: string },
) {
  const client = { 'x-forwarded-for': randomIp() }
  const contexts: BrowserContext[] = []
  const open = async (options: { javaScriptEnabled: boolean }) => {
    const context = await browser.newContext({ ...options, extraHTTPHeaders: client })
    contexts.push(context)
    return context
  }
  try {
    const gateContext = await open({ javaScriptEnabled: javaScript })
    const atGate = await gateContext.newPage()
    await passGate(atGate, gate.slug, code)
    await expect(atGate.getByRole('link', { name: new RegExp(document.title) })).toBeVisible()

    let reading = atGate
    if (!javaScript) {
      const scripted = await open({ javaScriptEnabled: true })
      await scripted.addCookies(await gateContext.cookies())
      reading = await scripted.newPage()
    }
    await reading.goto(`/docket/documents/${document.id}`)
    await expect(reading.getByRole('heading', { level: 1, name: document.title })).toBeVisible()
    await waitForHydration(reading, 'pdf-pane', 30_000)
    await expect(reading.locator('.pdf-pane__page[data-page="1"][data-drawn]')).toBeAttached()
    await stay(reading, MIN_DWELL_MS + 500)
    const leftPageOne = reading.waitForRequest(
      (request) => request.url().endsWith('/api/documents/beacon') && request.postDataJSON()?.page === 1,
    )
    await reading.locator('.pdf-pane__step[aria-label="Next page"]').dispatchEvent('click')
    await leftPageOne
  } finally {
    for (const context of contexts) await context.close()
  }
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript })

    test('the first owner signs in from the CLI, shares a PDF through a new gate, sees it read and the audit log says who', async ({
      page,
      browser,
    }) => {
      test.setTimeout(360_000)
      const owner = javaScript ? 'ops@example.com' : 'ops+no-js@example.com'
      await withoutAdmin(owner)
      const run = randomBytes(3).toString('hex')
      const partner = { slug: `done-${run}`, name: `Harbor Foods ${run}` }
      const title = `Pricing ${run}`
      const label = `Dana at Harbor ${run}`

      await signInAsOwner(page, owner)
      await addPartner(page, partner)

      await fillUpload(page, partner.slug, title, javaScript)
      if (javaScript) await uploadWatchingProgress(page)
      else {
        // No script: a plain multipart post, no progress bar, the same answer.
        await expect(page.getByRole('progressbar', { name: 'Uploading' })).toBeHidden()
        await page.getByRole('button', { name: 'Upload' }).click()
        await expect(page.getByRole('heading', { name: 'Document uploaded' })).toBeVisible()
      }
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page).toHaveURL(/\/admin\/documents\/[0-9a-f]{32}\?done=added$/)
      const id = /documents\/([0-9a-f]{32})/.exec(page.url())?.[1] as string

      const code = await generateCode(page, label, partner)
      await viewerReads(browser, javaScript, partner, code, { id, title })

      // Beacons are written behind within seconds: the page shows them once they are.
      await page.goto(`/admin/documents/${id}`)
      await engagementOfOneReading(page)
      const today = new Date().toISOString().slice(0, 10)
      const openings = page.getByRole('table', { name: 'Openings per day' })
      await expect(openings.getByRole('row').filter({ hasText: today }).getByRole('cell').nth(1)).toHaveText(
        '1',
      )
      const firstPage = page.getByRole('table', { name: 'Time per page' }).getByRole('row').nth(1)
      await expect(firstPage.getByRole('cell').nth(0)).toHaveText('1')
      await expect(firstPage.getByRole('cell').nth(1)).not.toHaveText('0s')
      await expect(firstPage.getByRole('cell').nth(2)).toHaveText('1')
      const viewers = page.getByRole('table', { name: 'Viewers' })
      await expect(viewers.getByRole('row')).toHaveCount(2)
      await expect(viewers).toContainText(label)
      await expect(viewers).toContainText(new RegExp(`[12] of ${PAGES} \\(to p\\. [12]\\)`))
      if (javaScript) {
        await expectNoSeriousViolation(page)
        await photograph(page, 'done-when-engagement')
      }

      const fromConsole = await auditEntries(page, owner)
      expect(fromConsole.slice(0, 4).map((entry) => entry.line)).toEqual([
        `${owner} code.generate`,
        `${owner} document.add`,
        `${owner} partner.add`,
        `${owner} session.sign-in`,
      ])
      // The CLI's steps, by the shell's user, on the owner (other tests' CLI runs are on others).
      const cli = (await auditEntries(page, 'cli@')).filter((entry) => entry.target === owner)
      expect(cli.slice(0, 2).map((entry) => entry.line)).toEqual([
        expect.stringMatching(/^cli@\S+ admin\.link$/),
        expect.stringMatching(/^cli@\S+ admin\.add$/),
      ])
      if (javaScript) {
        await page.getByLabel('Who').fill('')
        await page.getByRole('button', { name: 'Filter' }).click()
        await expectNoSeriousViolation(page)
        await photograph(page, 'done-when-audit')
        await consoleMenu(page).getByRole('link', { name: 'Overview', exact: true }).click()
        await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
        await expectNoSeriousViolation(page)
        await photograph(page, 'done-when-overview')
      }
      await rm5(['partners', 'remove', partner.slug, '--force'])
    })
  })
}
