// Issue 34 point 4 against the real app over the production build, Postgres and the embedded S3:
// a burst of forged beacons records at most the time since the page was served, and a Markdown
// view with its page-0 "shown" beacon is one opening; a viewer who has not accepted the
// agreement, or a beacon without the page's token, records nothing; a download is its own event,
// shown by `rm5 documents activity` (DOWNLOADS, --json too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BEACON_PATH } from '../../lib/documents/beacon.ts'
import { cliActor } from '../../server/audit/audit.server.ts'
import { clearAgreement, setAgreement } from '../../server/documents/agreements.server.ts'
import type { DocumentSummary } from '../../server/documents/document-store.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { makePdf } from '../helpers/documents.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { runRm5 } from '../helpers/run-cli.ts'

let t: ProductionTestApp
let circlek: string
let pizzahut: string
let notes: DocumentSummary
let deck: DocumentSummary
let menu: DocumentSummary

beforeAll(async () => {
  t = await createProductionTestApp({
    access: { rateLimitPrefix: limitPrefix() },
    documents: { engagementFlushMs: 3_600_000 },
  })
  await seedCode(t.db, 'circlek', 'circle-k-trust-01', { label: 'Dana' })
  await seedCode(t.db, 'pizzahut', 'pizza-hut-trust-01', { label: 'Pat' })
  circlek = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-trust-01' }))
  pizzahut = grantCookie(await verify(t.app, { retailer: 'pizzahut', accessCode: 'pizza-hut-trust-01' }))
  const store = t.app.documents.store
  notes = await store.add({
    retailer: 'circlek',
    bytes: Buffer.from('# Notes\n\nRead me.\n'),
    fileName: 'n.md',
  })
  deck = await store.add({ retailer: 'circlek', bytes: await makePdf(2, 'deck'), fileName: 'deck.pdf' })
  menu = await store.add({ retailer: 'pizzahut', bytes: Buffer.from('# Menu\n'), fileName: 'menu.md' })
}, 300_000)

afterAll(async () => {
  await t?.close()
})

const page = (id: string) => `/docket/documents/${id}`
const tokenOf = (html: string) => /data-view-token="([^"]+)"/.exec(html)?.[1]
const beacon = (cookie: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: BEACON_PATH,
    headers: {
      host: 'localhost:80',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
      'content-type': 'text/plain;charset=UTF-8',
      cookie,
    },
    payload: JSON.stringify(body),
  })
async function views(documentId: string) {
  await t.app.documents.engagement.flush()
  const rows = await t.db.prisma.documentView.findMany({ where: { documentId } })
  return {
    opens: rows.filter((row) => row.page === 0).reduce((sum, row) => sum + row.opens, 0),
    seconds: rows.reduce((sum, row) => sum + row.seconds, 0),
    downloads: rows.reduce((sum, row) => sum + row.downloads, 0),
    rows: rows.length,
  }
}

describe('reading beacons', () => {
  it('a burst of 20 × 600 s records at most the seconds since the page was served, and one opening', async () => {
    // Counted from nothing: other tests open this document too.
    await t.app.documents.engagement.flush()
    await t.db.prisma.documentView.deleteMany({ where: { documentId: notes.id } })
    const before = Date.now()
    const res = await t.app.inject({ method: 'GET', url: page(notes.id), headers: { cookie: circlek } })
    expect(res.statusCode).toBe(200)
    const token = tokenOf(res.body)
    expect(token).toBeTruthy()
    const base = { documentId: notes.id, version: notes.version, token }
    expect((await beacon(circlek, { ...base, page: 0, seconds: 0, shown: true })).statusCode).toBe(204)
    for (let i = 0; i < 20; i++) {
      expect((await beacon(circlek, { ...base, page: 0, seconds: 600 })).statusCode).toBe(204)
    }
    const elapsed = Math.ceil((Date.now() - before) / 1000)
    const recorded = await views(notes.id)
    expect(recorded.seconds).toBeLessThanOrEqual(elapsed)
    expect(recorded.seconds).toBeLessThan(600)
    expect(recorded.opens).toBe(1)
  })

  it('ignores beacons without the page’s token, with a forged one, or with another viewer’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: page(menu.id), headers: { cookie: pizzahut } })
    const token = tokenOf(res.body) as string
    const base = { documentId: menu.id, version: menu.version, page: 0, seconds: 5 }
    await t.app.documents.engagement.flush()
    await t.db.prisma.documentView.deleteMany({ where: { documentId: menu.id } })
    expect((await beacon(pizzahut, base)).statusCode).toBe(400)
    expect((await beacon(pizzahut, { ...base, token: `${token.slice(0, -2)}xx` })).statusCode).toBe(404)
    // Circle K's token is valid but names another viewer and document.
    const other = tokenOf((await t.app.inject({ url: page(notes.id), headers: { cookie: circlek } })).body)
    expect((await beacon(pizzahut, { ...base, token: other })).statusCode).toBe(404)
    expect(await views(menu.id)).toMatchObject({ seconds: 0, rows: 0 })
  })

  it('records nothing for a viewer who has not accepted the current agreement', async () => {
    const res = await t.app.inject({ method: 'GET', url: page(menu.id), headers: { cookie: pizzahut } })
    const token = tokenOf(res.body) as string
    // A new agreement while the page is open: the viewer has not accepted it. Cleared after, so
    // the other tests (in any order) open Pizza Hut's document without one.
    await setAgreement(t.db.prisma, cliActor(), 'pizzahut', '# NDA\n\nKeep it to yourself.\n')
    try {
      await t.app.documents.engagement.flush()
      await t.db.prisma.documentView.deleteMany({ where: { documentId: menu.id } })
      const base = { documentId: menu.id, version: menu.version, token }
      expect((await beacon(pizzahut, { ...base, page: 0, seconds: 0, shown: true })).statusCode).toBe(404)
      expect((await beacon(pizzahut, { ...base, page: 0, seconds: 1 })).statusCode).toBe(404)
      expect(await views(menu.id)).toMatchObject({ opens: 0, seconds: 0, rows: 0 })
    } finally {
      await clearAgreement(t.db.prisma, cliActor(), 'pizzahut')
    }
  })
})

describe('downloads', () => {
  it('are recorded as their own event and shown by rm5 documents activity', async () => {
    const saved = await t.app.inject({
      method: 'GET',
      url: `${page(deck.id)}/file?download=1`,
      headers: { cookie: circlek },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="deck.pdf"/)
    // The viewer's own requests for the file are not downloads.
    await t.app.inject({ method: 'GET', url: `${page(deck.id)}/file`, headers: { cookie: circlek } })
    expect(await views(deck.id)).toMatchObject({ downloads: 1 })
    const env = { DATABASE_URL: t.directUrl, DATA_DIR: t.env.DATA_DIR, S3_ENDPOINT: '' }
    const json = await runRm5(['documents', 'activity', '--retailer', 'circlek', '--json'], env)
    expect(json.code, json.stderr).toBe(0)
    const row = (JSON.parse(json.stdout) as { documentId: string; downloads: number }[]).find(
      (r) => r.documentId === deck.id,
    )
    expect(row?.downloads).toBe(1)
    const table = await runRm5(['documents', 'activity', '--retailer', 'circlek'], env)
    expect(table.stdout.split('\n')[0]).toContain('DOWNLOADS')
  }, 120_000)
})
