import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { MIN_DWELL_MS } from '../../lib/documents/reading-clock.ts'
import { stay } from '../helpers/browser-clock.ts'
import { makePdf } from '../helpers/documents.ts'
import { newCode, rm5 } from './helpers/cli.ts'
import { waitForHydration } from './helpers/hydration.ts'

// One view is one opening, whatever the document type (issue 34, point 4): a viewer opens a
// Markdown document and a PDF in Chromium against the production server (embedded Postgres and
// S3), reads, and leaves; `rm5 documents activity` then counts exactly one opening for each,
// although the page's reading tracker sent its own beacons for the same view (the "shown" one
// of a Markdown page once counted a second opening).

let code: { id: string; code: string }
let markdownId: string
let pdfId: string
const suffix = randomBytes(3).toString('hex')

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await rm5(['agreements', 'clear', 'compass'])
  // A code of its own: the activity rows below are this test's viewer's alone.
  code = await newCode('compass', `E2E one opening ${suffix}`)
  const info = test.info()
  const markdown = info.outputPath('brief.md')
  await writeFile(markdown, `# Brief\n\n${'A paragraph to read. '.repeat(200)}\n`)
  markdownId = JSON.parse(
    await rm5(['documents', 'add', 'compass', markdown, '--title', `Brief ${suffix}`, '--json']),
  ).id
  const deck = info.outputPath('deck.pdf')
  await writeFile(deck, await makePdf(2, 'Opening deck'))
  pdfId = JSON.parse(
    await rm5(['documents', 'add', 'compass', deck, '--title', `Deck ${suffix}`, '--json']),
  ).id
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  await rm5(['documents', 'remove', markdownId])
  await rm5(['documents', 'remove', pdfId])
  await rm5(['codes', 'revoke', code.id])
})

interface ActivityRow {
  documentId: string
  codeId: string | null
  opens: number
  seconds: number
  pages: { page: number; shows: number; seconds: number }[]
}

async function activityOf(documentId: string): Promise<ActivityRow | undefined> {
  const rows: ActivityRow[] = JSON.parse(
    await rm5(['documents', 'activity', '--retailer', 'compass', '--json']),
  )
  return rows.find((row) => row.documentId === documentId && row.codeId === code.id)
}

async function signIn(page: Page) {
  await page.goto('/compass')
  await page.getByLabel('Access Code', { exact: true }).fill(code.code)
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(page).toHaveURL(/\/docket$/)
}

/** Stays on the page until the reading clock counts it as read (by the browser's own clock). */
function dwell(page: Page) {
  return stay(page, MIN_DWELL_MS + 500)
}

/** A beacon the page sends. */
const beacon = (page: Page, match: (body: { page: number; shown?: boolean; seconds: number }) => boolean) =>
  page.waitForRequest(
    (request) => request.url().endsWith('/api/documents/beacon') && match(request.postDataJSON() ?? {}),
  )

test('a Markdown document read in the browser is one opening', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page)
  await page.goto(`/docket/documents/${markdownId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Brief ${suffix}` })).toBeVisible()
  // The page's clock has started once it marks the document.
  await expect(page.locator('[data-document-reading][data-reading-page="0"]')).toBeAttached()
  await dwell(page)
  // Leaving reports the document as shown, with the time read (navigator.sendBeacon on pagehide):
  // that "shown" once counted as a second opening. Once its time is written, so is the beacon.
  await page.goto('/docket')
  await expect
    .poll(async () => (await activityOf(markdownId))?.seconds ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0)
  expect((await activityOf(markdownId))?.opens).toBe(1)
})

test('a PDF read in the browser is one opening', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page)
  await page.goto(`/docket/documents/${pdfId}`)
  await waitForHydration(page, 'pdf-pane', 30_000)
  await expect(page.locator('.pdf-pane__page[data-page="1"][data-drawn]')).toBeAttached()
  await dwell(page)
  const leftPageOne = beacon(page, (body) => body.page === 1 && body.seconds > 0)
  await page.locator('.pdf-pane__step[aria-label="Next page"]').dispatchEvent('click')
  await leftPageOne
  await expect
    .poll(async () => (await activityOf(pdfId))?.pages.find((p) => p.page === 1)?.seconds ?? 0, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0)
  expect((await activityOf(pdfId))?.opens).toBe(1)
})
