// Reading time is the viewer's own and counted once (decision 034): a page's view token counts
// only for the viewer it was served to, and seconds a view already counted never count again, on
// a clock the test moves (no wall-clock bound that a fast run makes 0).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { limitPrefix, seedCode, testClock, testGrantCookie } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { makePdf } from '../helpers/documents.ts'

const clock = testClock()
let t: TestApp
let deck: { id: string; version: number }
const cookies = new Map<string, string>()

beforeAll(async () => {
  t = await createTestApp({
    access: { now: clock.now, rateLimitPrefix: limitPrefix() },
    documents: { now: clock.now, engagementFlushMs: 3_600_000 },
  })
  deck = await t.app.documents.store.add({
    retailer: 'circlek',
    bytes: await makePdf(2, 'deck'),
    fileName: 'deck.pdf',
  })
  const team = await seedCode(t.db, 'circlek', 'circle-k-promises-1')
  const other = await seedCode(t.db, 'circlek', 'circle-k-promises-2')
  const viewers: [string, string, string | null][] = [
    ['ana', team, 'ana@circlek.example'],
    ['ben', team, 'ben@circlek.example'],
    // Ana's address through another code: another viewer, with a view of their own.
    ['ana by another code', other, 'ana@circlek.example'],
    ['the other code', other, null],
  ]
  for (const [name, codeId, email] of viewers) {
    cookies.set(
      name,
      await testGrantCookie(t.app, { retailer: 'circlek', codeId, email, issuedAt: clock.now() }),
    )
  }
}, 60_000)

afterAll(async () => {
  await t?.close()
})

beforeEach(async () => {
  await t.app.documents.engagement.flush()
  await t.db.prisma.documentView.deleteMany()
})

const cookieOf = (name: string) => cookies.get(name) as string

/** The token the deck's page carries for this viewer, served now (as the page serves it). */
async function servedTo(name: string): Promise<string> {
  const [viewer] = await t.app.access.grants.grantsFor(cookieOf(name))
  if (!viewer) throw new Error(`no grant for ${name}`)
  const document = await t.app.documents.store.find(deck.id)
  if (!document) throw new Error('the deck is missing')
  return t.app.documents.viewToken({ document, viewer })
}

/** A reading beacon as navigator.sendBeacon sends it from the deck's page. */
const beacon = (name: string, token: string, seconds: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/documents/beacon',
    headers: {
      host: 'localhost:80',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
      'content-type': 'text/plain;charset=UTF-8',
      cookie: cookieOf(name),
    },
    payload: JSON.stringify({ documentId: deck.id, version: deck.version, page: 1, seconds, token }),
  })

async function secondsByEmail() {
  await t.app.documents.engagement.flush()
  const rows = await t.db.prisma.documentView.findMany({ where: { documentId: deck.id } })
  const total = new Map<string, number>()
  for (const row of rows)
    total.set(`${row.codeId} ${row.email}`, (total.get(`${row.codeId} ${row.email}`) ?? 0) + row.seconds)
  return [...total.values()]
}

describe('a view token', () => {
  it('counts for the viewer it was served to, and for no other viewer of the same document', async () => {
    const token = await servedTo('ana')
    clock.advance(30_000)
    for (const other of ['ben', 'ana by another code', 'the other code']) {
      expect([other, (await beacon(other, token, 10)).statusCode]).toEqual([other, 404])
    }
    expect(await secondsByEmail()).toEqual([])
    expect((await beacon('ana', token, 10)).statusCode).toBe(204)
    expect(await secondsByEmail()).toEqual([10])
  })
})

describe('seconds of one view', () => {
  it('count once: a report repeating time already counted adds nothing', async () => {
    const token = await servedTo('ben')
    clock.advance(10_000)
    expect((await beacon('ben', token, 10)).statusCode).toBe(204)
    // The same 10 seconds reported again (a retried or forged beacon): no time has passed.
    expect((await beacon('ben', token, 10)).statusCode).toBe(204)
    clock.advance(5_000)
    // 600 seconds claimed, 5 elapsed since the last counted second.
    expect((await beacon('ben', token, 600)).statusCode).toBe(204)
    expect(await secondsByEmail()).toEqual([15])
  })
})
