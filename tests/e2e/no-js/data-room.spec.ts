import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { makePdf } from '../../helpers/documents.ts'
import { blockingViolationsWithoutJs } from '../helpers/axe-without-js.ts'
import { newCode, rm5 } from '../helpers/cli.ts'
import { cspRefusals } from '../helpers/csp-refusals.ts'
import { photographWidths } from '../helpers/viewport.ts'

// Without JavaScript: the retailer's agreement comes before its first document and is accepted
// with its plain form (303 back to the document); a PDF's page offers the stamped file.

const today = new Date().toISOString().slice(0, 10)
const run = randomBytes(3).toString('hex')
let code: { id: string; code: string }
let markdownId: string
let pdfId: string
let viewOnlyId: string

test.beforeAll(async () => {
  const testInfo = test.info()
  test.setTimeout(120_000)
  code = await newCode('partner', 'No-JS Sam')
  const md = testInfo.outputPath('terms.md')
  await writeFile(md, '# Pilot terms\n\nThe pilot runs for **twelve weeks**.\n')
  const pdf = testInfo.outputPath('deck.pdf')
  await writeFile(pdf, await makePdf(3, 'Partner deck'))
  const nda = testInfo.outputPath('nda.md')
  // A text of its own each run: a new version, which every viewer accepts again.
  await writeFile(nda, `# Confidentiality (${run})\n\nWhat you read here stays with **your team**.\n`)
  markdownId = JSON.parse(
    await rm5(['documents', 'add', 'partner', md, '--title', `Pilot terms ${run}`, '--json']),
  ).id
  pdfId = JSON.parse(
    await rm5(['documents', 'add', 'partner', pdf, '--title', `Partner deck ${run}`, '--json']),
  ).id
  viewOnlyId = JSON.parse(
    await rm5([
      'documents',
      'add',
      'partner',
      pdf,
      '--title',
      `View-only deck ${run}`,
      '--no-download',
      '--json',
    ]),
  ).id
  await rm5(['agreements', 'set', 'partner', nda])
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  await rm5(['agreements', 'clear', 'partner'])
  for (const id of [markdownId, pdfId, viewOnlyId]) await rm5(['documents', 'remove', id])
  await rm5(['codes', 'revoke', code.id])
})

test('the agreement is accepted with its form, then the document opens under the watermark', async ({
  page,
}, testInfo) => {
  // Three documents, each prepared in the worker pool on its first view (a view-only one twice).
  test.setTimeout(90_000)
  await page.goto('/partner')
  await page.getByLabel('Access Code', { exact: true }).fill(code.code)
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(page).toHaveURL(/\/docket$/)

  await page.goto(`/docket/documents/${markdownId}`)
  await expect(page).toHaveURL(/\/docket\/agreement\?next=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Before you open the documents' })).toBeVisible()
  await expect(page.getByText('What you read here stays with your team.')).toBeVisible()
  await expect(page.getByText('Accepting as No-JS Sam')).toBeVisible()
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('agreement-1440.png'), fullPage: true })
  await page.getByRole('button', { name: 'Accept and continue' }).click()

  await expect(page).toHaveURL(new RegExp(`/docket/documents/${markdownId}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Pilot terms ${run}` })).toBeVisible()
  await expect(page.locator('.watermark__line').first()).toHaveText(`No-JS Sam · Partners · ${today}`)

  // Accepted once: the PDF opens straight away in the browser's own viewer, which the page's
  // policy allows (Chromium reports a refused frame or object on the console), with a link to
  // the stamped file.
  const refused = cspRefusals(page)
  await page.goto(`/docket/documents/${pdfId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Partner deck ${run}` })).toBeVisible()
  await expect(page.locator('[data-pdf-pane]')).toHaveAttribute('data-pages', '3')
  const pdf = page.locator('object.pdf-pane__object')
  await expect(pdf).toBeVisible()
  await expect.poll(async () => (await pdf.boundingBox())?.height ?? 0).toBeGreaterThan(300)
  expect(refused).toEqual([])
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await photographWidths(page, 'pdf')
  const file = await page.request.get(`/docket/documents/${pdfId}/file`)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // A view-only PDF: pictures of its pages in plain HTML, the file refused.
  await page.goto(`/docket/documents/${viewOnlyId}`)
  await expect(page.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Page \d of 3$/ })).toHaveCount(3)
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'Page 1 of 3' })
        .evaluate((image) => (image as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0)
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await photographWidths(page, 'view-only')
  expect((await page.request.get(`/docket/documents/${viewOnlyId}/file`)).status()).toBe(403)
})
