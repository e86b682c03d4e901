// The console's Documents pages against the real app, Postgres, the embedded S3 and the worker
// pool: an editor uploads (multipart, as a plain form posts it), replaces and removes, each through
// the store the CLI uses and recorded in the audit log; refusals are the service's own sentences
// in the error summary, and nothing is stored; the engagement page and its CSV show the figures
// `rm5 documents activity` reads.
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentActivity } from '../../server/documents/engagement-report.server.ts'
import { documentRefusal } from '../../server/documents/refusal.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { type FilePart, postMultipart, refusedPage, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'
import { makePdf } from '../helpers/documents.ts'

const MAX_BYTES = 8192
let t: TestApp
let editor: SignedIn

beforeAll(async () => {
  t = await createTestApp({
    env: { DOCUMENT_MAX_BYTES: String(MAX_BYTES) },
    access: { rateLimitPrefix: limitPrefix() },
    // Views are written when the test flushes them, never on a timer.
    documents: { engagementFlushMs: 3_600_000 },
  })
  editor = await signIn(t, 'editor@example.com', 'editor')
})
afterAll(async () => {
  await t?.close()
})

const upload = (fields: Record<string, string>, file?: FilePart, url = '/admin/documents') =>
  postMultipart(t, url, { _csrf: editor.csrf, ...fields }, file, { cookie: editor.cookie })
const page = (url: string) => t.app.inject({ url, headers: { cookie: editor.cookie } })
/** A refused post's page, as the browser shows it after the 303. */
const refused = async (res: ReturnType<typeof upload>) => refusedPage(t.app, await res, editor.cookie)
const uploadDirs = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('rm5-upload-'))
const errorSummary = (html: string) =>
  /<div class="notice notice--error"[\s\S]*?<\/div>/.exec(html)?.[0] ?? ''

/** A PDF of the test's own, stored as the CLI stores one: each test stands alone in any order. */
const pdfOfItsOwn = async (title: string) =>
  (
    await t.app.documents.store.add({
      retailer: 'circlek',
      bytes: await makePdf(3, title),
      fileName: 'pricing.pdf',
      title,
    })
  ).id

describe('upload, replace, remove', () => {
  it('an editor uploads a PDF: stored by the service, listed with its version, audited', async () => {
    const res = await upload(
      { retailer: 'circlek', title: 'Pricing 2027' },
      {
        fileName: 'pricing.pdf',
        bytes: await makePdf(3, 'pricing'),
      },
    )
    expect(res.statusCode).toBe(303)
    const id =
      /\/admin\/documents\/([0-9a-f]{32})\?done=added$/.exec(res.headers.location as string)?.[1] ?? ''
    const stored = await t.app.documents.store.find(id)
    expect(stored).toMatchObject({
      retailer: 'circlek',
      title: 'Pricing 2027',
      kind: 'pdf',
      pages: 3,
      version: 1,
    })
    const shown = await page(res.headers.location as string)
    expect(shown.body).toContain('Document uploaded')
    expect(shown.body).toContain('pricing.pdf')
    expect(shown.body).toContain('Circle K · PDF, 3 pages')
    // A PDF may be downloaded or shown in the page only: its settings offer the choice.
    expect(shown.body).toContain('name="download"')
    const list = await page('/admin/documents?partner=circlek')
    expect(list.body).toContain(`href="/admin/documents/${id}">Pricing 2027</a>`)
    const audit = await t.db.prisma.auditEntry.findFirst({ where: { action: 'document.add', target: id } })
    expect(audit).toMatchObject({ actor: 'editor@example.com', details: { retailer: 'circlek', version: 1 } })
    expect(audit?.clientHash).toMatch(/\S/)
  })

  it('a new version replaces it, the old one stays listed; the same file again is refused', async () => {
    const id = await pdfOfItsOwn('Pricing to replace')
    const v2 = await makePdf(4, 'pricing v2')
    const res = await upload({}, { fileName: 'pricing-v2.pdf', bytes: v2 }, `/admin/documents/${id}/replace`)
    expect([res.statusCode, res.headers.location]).toEqual([303, `/admin/documents/${id}?done=replaced`])
    const shown = await page(`/admin/documents/${id}`)
    expect(shown.body).toContain('pricing-v2.pdf')
    expect(shown.body).toContain('pricing.pdf')
    expect(await t.app.documents.store.versions(id)).toHaveLength(2)

    const again = await refused(
      upload({}, { fileName: 'again.pdf', bytes: v2 }, `/admin/documents/${id}/replace`),
    )
    expect(again.statusCode).toBe(200)
    expect(errorSummary(again.body)).toContain('again.pdf is the same file as version 2: nothing to replace.')
    expect(await t.app.documents.store.versions(id)).toHaveLength(2)
    expect(await t.db.prisma.auditEntry.count({ where: { action: 'document.replace', target: id } })).toBe(1)
  })

  it('remove: viewers no longer see it, its page says so, the audit log records it', async () => {
    const id = await pdfOfItsOwn('Pricing to remove')
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/documents/${id}/remove`,
      headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: editor.csrf }).toString(),
    })
    expect([res.statusCode, res.headers.location]).toEqual([303, `/admin/documents/${id}?done=removed`])
    expect(await t.app.documents.store.find(id)).toBeUndefined()
    expect((await page(`/admin/documents/${id}`)).body).toContain('viewers no longer see it')
    expect(await t.db.prisma.auditEntry.count({ where: { action: 'document.remove', target: id } })).toBe(1)
  })
})

describe('refusals: the service’s sentences in the error summary, nothing stored', () => {
  it('a file over DOCUMENT_MAX_BYTES is cut off as it arrives and refused', async () => {
    const before = await t.db.prisma.documentVersion.count()
    const dirs = await uploadDirs()
    const res = await refused(
      upload({ retailer: 'circlek' }, { fileName: 'huge.pdf', bytes: Buffer.alloc(4 * 1024 * 1024, 0x41) }),
    )
    expect(res.statusCode).toBe(200)
    expect(errorSummary(res.body)).toContain(
      `huge.pdf is more than ${MAX_BYTES} bytes; the limit is ${MAX_BYTES} bytes (DOCUMENT_MAX_BYTES).`,
    )
    // The form keeps what was chosen.
    expect(res.body).toMatch(/<option value="circlek" selected="">/)
    expect(await t.db.prisma.documentVersion.count()).toBe(before)
    // The temporary file went with the request.
    expect(await uploadDirs()).toEqual(dirs)
  })

  it('a file the service refuses gets the sentence the CLI prints', async () => {
    const bytes = Buffer.from('just some notes')
    const cli = documentRefusal(
      await t.app.documents.store.add({ retailer: 'circlek', bytes, fileName: 'notes.txt' }).catch((e) => e),
      '',
    )
    expect(cli).toContain('notes.txt is not accepted')
    const res = await refused(upload({ retailer: 'circlek' }, { fileName: 'notes.txt', bytes }))
    expect(res.statusCode).toBe(200)
    expect(errorSummary(res.body)).toContain(cli as string)
  })

  it('no file and no partner: both said, linked to their fields', async () => {
    const before = await t.db.prisma.document.count()
    const res = await refused(upload({ retailer: '' }))
    expect(res.statusCode).toBe(200)
    const summary = errorSummary(res.body)
    expect(summary).toContain(
      '<a href="#upload-retailer">Choose the partner whose viewers see the document.</a>',
    )
    expect(summary).toContain('<a href="#upload-file">Choose a PDF or Markdown file to upload.</a>')
    expect(await t.db.prisma.document.count()).toBe(before)
  })
})

describe('engagement', () => {
  it('charts and tables show what `rm5 documents activity` reads, and the CSV holds the same figures', async () => {
    const doc = await t.app.documents.store.add({
      retailer: 'circlek',
      bytes: await makePdf(3, 'deck'),
      fileName: 'deck.pdf',
    })
    const viewer = (email: string) => ({
      documentId: doc.id,
      version: 1,
      retailer: 'circlek' as const,
      codeId: null,
      email,
      ipHash: 'h',
    })
    const { engagement } = t.app.documents
    engagement.opened(viewer('ana@circlek.example'))
    engagement.read(viewer('ana@circlek.example'), 1, 30, true)
    engagement.read(viewer('ana@circlek.example'), 2, 95, true)
    engagement.opened(viewer('ben@circlek.example'))
    engagement.opened(viewer('ben@circlek.example'))
    engagement.read(viewer('ben@circlek.example'), 1, 12, true)
    await engagement.flush()

    const cli = await documentActivity(t.db.prisma, { documentId: doc.id })
    const res = await page(`/admin/documents/${doc.id}/engagement`)
    expect(res.statusCode).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    expect(res.body).toContain(
      `id="openings-chart-summary" class="muted small">Openings: 3 in the last 30 days; the busiest day was ${today} with 3.<`,
    )
    expect(res.body).toContain(
      'id="pages-chart-summary" class="muted small">Time per page across 3 pages; the most read is page 2 with 1m35s.<',
    )
    // Viewers: time spent and pages reached, as the CLI's figures say.
    expect(res.body).toContain('ana@circlek.example')
    expect(res.body).toContain('2 of 3 (to p. 2)')

    const csv = async (figures: string) =>
      parseCsv((await page(`/admin/documents/${doc.id}/engagement.csv?figures=${figures}`)).body)
    const viewers = await csv('viewers')
    expect(viewers[0]).toEqual(expect.arrayContaining(['viewer', 'openings', 'seconds', 'pages_reached']))
    const byEmail = new Map(viewers.slice(1).map((row) => [row[1], row]))
    for (const row of cli) {
      expect(byEmail.get(row.email as string)?.slice(3, 5)).toEqual([String(row.opens), String(row.seconds)])
    }
    expect(await csv('pages')).toEqual([
      ['page', 'seconds', 'shows', 'viewers'],
      ['1', '42', '2', '2'],
      ['2', '95', '1', '1'],
      ['3', '0', '0', '0'],
    ])
    const openings = await csv('openings')
    expect(openings).toHaveLength(31)
    expect(openings.at(-1)).toEqual([today, '3'])
  })

  it('an unknown document is a 404, an unknown figure a 400', async () => {
    expect((await page('/admin/documents/0123456789abcdef0123456789abcdef/engagement')).statusCode).toBe(404)
    const id = await pdfOfItsOwn('Pricing with figures')
    expect((await page(`/admin/documents/${id}/engagement.csv?figures=secrets`)).statusCode).toBe(400)
  })
})
