// The reading beacon against the real app, Postgres, the S3 stand-in and Redis: a scripted reading
// session ends up in `rm5 documents activity`, per viewer and page; every refusal answers like a
// missing document or a bad body and writes nothing; fuzzed bodies never reach a 5xx or a row.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BEACON_PATH, type DocumentBeacon } from '../../lib/documents/beacon.ts'
import { MAX_REPORT_SECONDS } from '../../lib/documents/reading-clock.ts'
import type { DocumentStore, DocumentSummary } from '../../server/documents/document-store.server.ts'
import {
  type DocumentEngagement,
  MAX_PAGE,
  MAX_SECONDS_PER_REPORT,
} from '../../server/documents/engagement.server.ts'
import { documentActivity } from '../../server/documents/engagement-report.server.ts'
import { BEACON_BODY_LIMIT } from '../../server/routes/api/document-beacons.server.ts'
import { limitPrefix, seedCode, testClock, testGrantCookie } from '../helpers/access.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { makePdf } from '../helpers/documents.ts'
import { expectNoLeak, fuzzInBatches, hostileValue, pollutionJson } from '../helpers/fuzz.ts'
import { apiError, BEACON_PER_MINUTE } from '../helpers/promised.ts'
import { runRm5 } from '../helpers/run-cli.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

let t: TestApp
let engagement: DocumentEngagement
let store: DocumentStore
let deck: DocumentSummary
let notes: DocumentSummary
let removed: DocumentSummary
let pizza: DocumentSummary
let circlekCode: string
let pizzaCode: string
let ip = 0

/** A fresh client address per test, so the per-client limit only bites where a test wants it. */
const nextIp = () => {
  ip += 1
  return `10.1.${Math.floor(ip / 250)}.${(ip % 250) + 1}`
}

beforeAll(async () => {
  t = await createTestApp({
    env: { REDIS_URL },
    access: { rateLimitPrefix: limitPrefix() },
    // The app's own engagement, written only when the test says so (flush), never on a timer.
    documents: { engagementFlushMs: 3_600_000 },
  })
  engagement = t.app.documents.engagement
  store = t.app.documents.store
  deck = await store.add({ retailer: 'circlek', bytes: await makePdf(3, 'deck'), fileName: 'deck.pdf' })
  notes = await store.add({
    retailer: 'circlek',
    bytes: Buffer.from('# Notes\n\nShort.\n'),
    fileName: 'n.md',
  })
  removed = await store.add({ retailer: 'circlek', bytes: await makePdf(1, 'old'), fileName: 'old.pdf' })
  await store.remove(removed.id)
  pizza = await store.add({ retailer: 'pizzahut', bytes: await makePdf(2, 'menu'), fileName: 'menu.pdf' })
  circlekCode = await seedCode(t.db, 'circlek', 'circle-k-beacons-1', { label: 'Category team' })
  await t.db.prisma.accessCode.update({ where: { id: circlekCode }, data: { requireEmail: true } })
  pizzaCode = await seedCode(t.db, 'pizzahut', 'pizza-hut-beacons-1')
  await openGrant('circlek', 'ana@circlek.example')
  await openGrant('circlek', 'ben@circlek.example')
  await openGrant('pizzahut')
}, 60_000)

afterAll(async () => {
  await t?.close()
})

beforeEach(async () => {
  await engagement.flush()
  await t.db.prisma.documentView.deleteMany()
})

/** Grant cookies of sessions opened once (beforeAll), as the e-mailed links would have opened them. */
const grants = new Map<string, string>()
const openGrant = async (retailer: 'circlek' | 'pizzahut', email: string | null = null) =>
  grants.set(
    `${retailer} ${email}`,
    await testGrantCookie(t.app, {
      retailer,
      codeId: retailer === 'circlek' ? circlekCode : pizzaCode,
      issuedAt: new Date(),
      email,
    }),
  )
const grant = (retailer: 'circlek' | 'pizzahut', email: string | null = null) =>
  grants.get(`${retailer} ${email}`) as string
const ana = () => grant('circlek', 'ana@circlek.example')
const ben = () => grant('circlek', 'ben@circlek.example')

/**
 * A view token for the grant's viewer, as the document's page would have given them an hour ago
 * (so the time these beacons report has elapsed; decision 034 caps a view at that).
 */
async function tokenFor(documentId: string, version: number, cookie: string | undefined): Promise<string> {
  const viewers = await t.app.access.grants.grantsFor(cookie)
  const document = (await store.find(documentId, { includeRemoved: true })) ?? { ...deck, id: documentId }
  const viewer = viewers.find((grant) => grant.retailer === document.retailer) ?? viewers[0]
  if (!viewer) return 'no-view'
  return t.app.documents.viewToken(
    { document: { ...document, version }, viewer },
    new Date(Date.now() - 3_600_000),
  )
}

/** A beacon as navigator.sendBeacon sends a string: text/plain, same origin. */
async function beacon(
  body: (Omit<DocumentBeacon, 'token'> & { token?: string }) | string,
  options: {
    cookie?: string
    type?: string
    ip?: string
    headers?: Record<string, string>
    /** Another instance over the same database (the test's app unless given). */
    app?: FastifyInstance
  } = {},
) {
  if (typeof body !== 'string' && body.token === undefined && typeof body.documentId === 'string') {
    body = { ...body, token: await tokenFor(body.documentId, body.version, options.cookie) }
  }
  const request: InjectOptions = {
    method: 'POST',
    url: BEACON_PATH,
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      host: 'localhost:80',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
      'content-type': options.type ?? 'text/plain;charset=UTF-8',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  }
  return (options.app ?? t.app).inject(request)
}

const viewerOf = (email: string | null) => ({
  documentId: deck.id,
  version: deck.version,
  retailer: 'circlek' as const,
  codeId: circlekCode,
  email,
  ipHash: 'test-client',
})

const rowCount = async () => {
  await engagement.flush()
  return t.db.prisma.documentView.count()
}

describe('POST /api/documents/beacon', () => {
  it('turns a scripted reading session into per-viewer, per-page time in rm5 documents activity', async () => {
    // Ana opens the deck (the page does that) and reads pages 1 to 3, going back to page 1.
    engagement.opened(viewerOf('ana@circlek.example'))
    const session: [number, number, boolean][] = [
      [1, 42, true],
      [2, 95, true],
      [3, 12, true],
      [1, 7, true],
    ]
    for (const [page, seconds, shown] of session) {
      const res = await beacon(
        { documentId: deck.id, version: deck.version, page, seconds, shown },
        { cookie: ana() },
      )
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    // A leave beacon carries the rest of the visit: time, no second show.
    const leave = await beacon(
      { documentId: deck.id, version: deck.version, page: 1, seconds: 3 },
      { cookie: ana(), type: 'application/json' },
    )
    expect(leave.statusCode).toBe(204)
    // Ben (same code, his own address) opens the deck and reads page 2; he also reads the notes.
    engagement.opened(viewerOf('ben@circlek.example'))
    expect(
      (
        await beacon(
          { documentId: deck.id, version: 1, page: 2, seconds: 30, shown: true },
          { cookie: ben() },
        )
      ).statusCode,
    ).toBe(204)
    expect(
      (await beacon({ documentId: notes.id, version: 1, page: 0, seconds: 61 }, { cookie: ben() }))
        .statusCode,
    ).toBe(204)
    await engagement.flush()

    const activity = await documentActivity(t.db.prisma, { retailer: 'circlek' })
    const of = (email: string, documentId: string) =>
      activity.find((row) => row.email === email && row.documentId === documentId)
    expect(of('ana@circlek.example', deck.id)).toMatchObject({
      codeId: circlekCode,
      opens: 1,
      seconds: 42 + 95 + 12 + 7 + 3,
      pages: [
        { page: 1, shows: 2, seconds: 52 },
        { page: 2, shows: 1, seconds: 95 },
        { page: 3, shows: 1, seconds: 12 },
      ],
    })
    expect(of('ben@circlek.example', deck.id)).toMatchObject({
      opens: 1,
      seconds: 30,
      pages: [{ page: 2, shows: 1, seconds: 30 }],
    })
    expect(of('ben@circlek.example', notes.id)).toMatchObject({ opens: 0, seconds: 61, pages: [] })

    // What an admin sees: the CLI reads the same rows (its own S3 stand-in, the test's database).
    const dataDir = await mkdtemp(join(tmpdir(), 'rm5-beacons-cli-'))
    try {
      const cli = await runRm5(['documents', 'activity', '--retailer', 'circlek', '--json'], {
        DATABASE_URL: t.directUrl,
        DATA_DIR: dataDir,
        S3_ENDPOINT: '',
      })
      expect(cli.code, cli.stderr).toBe(0)
      const rows = JSON.parse(cli.stdout) as { email: string; documentId: string; pages: unknown[] }[]
      expect(rows.find((r) => r.email === 'ana@circlek.example' && r.documentId === deck.id)).toMatchObject({
        opens: 1,
        seconds: 159,
        pages: [
          { page: 1, shows: 2, seconds: 52 },
          { page: 2, shows: 1, seconds: 95 },
          { page: 3, shows: 1, seconds: 12 },
        ],
      })
      const table = await runRm5(['documents', 'activity', '--retailer', 'circlek'], {
        DATABASE_URL: t.directUrl,
        DATA_DIR: dataDir,
        S3_ENDPOINT: '',
      })
      expect(table.code, table.stderr).toBe(0)
      expect(table.stdout).toMatch(/ana@circlek\.example\s.*\b1:\S+ 2:\S+ 3:\S+/)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('answers 404, like a missing document, without a grant, for another retailer, removed or unknown documents', async () => {
    const valid = { documentId: deck.id, version: 1, page: 1, seconds: 5 }
    const refusals: [string, Promise<{ statusCode: number; json(): unknown }>][] = [
      ['no cookie', beacon(valid)],
      ['a forged grant', beacon(valid, { cookie: `circlek-access=${'x'.repeat(60)}` })],
      ["another retailer's grant", beacon(valid, { cookie: grant('pizzahut') })],
      ["another retailer's document", beacon({ ...valid, documentId: pizza.id }, { cookie: ana() })],
      ['a removed document', beacon({ ...valid, documentId: removed.id }, { cookie: ana() })],
      ['an unknown document', beacon({ ...valid, documentId: 'f'.repeat(32) }, { cookie: ana() })],
      ['a version that never existed', beacon({ ...valid, version: 2 }, { cookie: ana() })],
    ]
    for (const [what, pending] of refusals) {
      const res = await pending
      expect(res.statusCode, what).toBe(404)
      expect(res.json(), what).toEqual(apiError('not_found', 'No such document.'))
    }
    // A grant of the right retailer among others still names the viewer.
    expect((await beacon(valid, { cookie: `${grant('pizzahut')}; ${ana()}` })).statusCode).toBe(204)
    await engagement.flush()
    expect(await t.db.prisma.documentView.count({ where: { email: 'ana@circlek.example' } })).toBe(1)
    expect(await t.db.prisma.documentView.count()).toBe(1)
  })

  it('answers 400 for a body that is not a beacon of this document, and writes nothing', async () => {
    const valid = { documentId: deck.id, version: 1, page: 1, seconds: 5 }
    const bad: unknown[] = [
      'not json',
      '',
      '[]',
      { ...valid, documentId: deck.id.toUpperCase() },
      { ...valid, version: 0 },
      { ...valid, page: -1 },
      { ...valid, page: 1.5 },
      { ...valid, page: MAX_PAGE + 1 },
      { ...valid, seconds: MAX_SECONDS_PER_REPORT + 1 },
      { ...valid, seconds: '5' },
      { ...valid, shown: 'yes' },
      // The deck has 3 pages; a Markdown document has only page 0.
      { ...valid, page: 4 },
      { ...valid, documentId: notes.id, page: 1 },
    ]
    for (const body of bad) {
      const res = await beacon(typeof body === 'string' ? body : JSON.stringify(body), { cookie: ana() })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expectNoLeak(res.body, JSON.stringify(body))
    }
    expect(await rowCount()).toBe(0)
  })

  it('takes text/plain (sendBeacon) and JSON, refuses other types and cross-site posts', async () => {
    const body = { documentId: deck.id, version: 1, page: 2, seconds: 1 }
    expect((await beacon(body, { cookie: ana(), type: 'text/plain' })).statusCode).toBe(204)
    expect((await beacon(body, { cookie: ana(), type: 'application/json; charset=utf-8' })).statusCode).toBe(
      204,
    )
    expect((await beacon(body, { cookie: ana(), type: 'multipart/form-data; boundary=x' })).statusCode).toBe(
      415,
    )
    const crossSite = await beacon(body, {
      cookie: ana(),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    // text/plain stays refused everywhere else.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      payload: '{"retailer":"circlek"}',
    })
    expect(elsewhere.statusCode).toBe(415)
    await engagement.flush()
    const rows = await t.db.prisma.documentView.findMany()
    expect(rows.reduce((sum, row) => sum + row.seconds, 0)).toBe(2)
  })

  it('refuses a body over the limit with 413, before reading it', async () => {
    const padded = JSON.stringify({
      documentId: deck.id,
      version: 1,
      page: 1,
      seconds: 1,
      pad: 'x'.repeat(BEACON_BODY_LIMIT),
    })
    for (const type of ['text/plain', 'application/json']) {
      const res = await beacon(padded, { cookie: ana(), type })
      expect(res.statusCode, type).toBe(413)
      expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } })
    }
    expect(await rowCount()).toBe(0)
  })

  it('limits each client (429 with Retry-After), counted in Redis, others unaffected', async () => {
    const client = nextIp()
    const body = { documentId: deck.id, version: 1, page: 1, seconds: 1 }
    const answers = await Promise.all(
      Array.from({ length: BEACON_PER_MINUTE + 5 }, () => beacon(body, { cookie: ana(), ip: client })),
    )
    const counts = new Map<number, number>()
    for (const res of answers) counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1)
    expect(Object.fromEntries(counts)).toEqual({ 204: BEACON_PER_MINUTE, 429: 5 })
    const limited = answers.find((res) => res.statusCode === 429)
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0)
    expect((await beacon(body, { cookie: ana() })).statusCode).toBe(204)
    await engagement.flush()
    const rows = await t.db.prisma.documentView.findMany()
    expect(rows.reduce((sum, row) => sum + row.seconds, 0)).toBe(BEACON_PER_MINUTE + 1)
  })

  it('never answers 5xx nor writes a row for fuzzed bodies', async () => {
    // Well-formed but for a document nobody holds: no generated body can be a valid beacon.
    const valid = { documentId: 'f'.repeat(32), version: 1, page: 1, seconds: 5 }
    const field = fc.constantFrom('documentId', 'version', 'page', 'seconds', 'shown')
    const body = fc.oneof(
      fc.tuple(field, hostileValue).map(([key, value]) => JSON.stringify({ ...valid, [key]: value })),
      // The real document with one field made hostile (values a beacon could hold are left out).
      fc
        .tuple(field, hostileValue)
        .filter(
          ([, v]) =>
            typeof v !== 'boolean' && !(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 600),
        )
        .map(([key, value]) => JSON.stringify({ ...valid, documentId: deck.id, [key]: value })),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
      pollutionJson(valid),
      hostileValue.map((v) => JSON.stringify(v) ?? 'undefined'),
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 1200 }),
    )
    const cases = fc.record({
      body,
      type: fc.constantFrom('text/plain', 'text/plain;charset=UTF-8', 'application/json'),
      cookie: fc.constantFrom(undefined, ana(), grant('pizzahut'), 'circlek-access=v3.x.y.z'),
    })
    const sent = await fuzzInBatches(cases, { batch: 50, runs: 40, seed: 27 }, async (c) => {
      const res = await beacon(c.body, { cookie: c.cookie, type: c.type })
      expect(res.statusCode, c.body.slice(0, 200)).toBeLessThan(500)
      expect([400, 404, 413, 415, 429]).toContain(res.statusCode)
      expectNoLeak(res.body, c.body.slice(0, 200))
    })
    expect(sent).toBeGreaterThanOrEqual(2000)
    expect(await rowCount()).toBe(0)
  }, 120_000)

  it('counts no more reading than the time since the first token, across 20 tokens and 2 instances', async () => {
    const clock = testClock(new Date())
    const instance = () =>
      appBeside(t, {
        logger: false,
        access: { rateLimitPrefix: limitPrefix() },
        documents: { now: clock.now, engagementFlushMs: 3_600_000 },
      })
    const instances = [await instance(), await instance()]
    try {
      const doc = await store.add({
        retailer: 'circlek',
        bytes: await makePdf(2, 'clock'),
        fileName: 'c.pdf',
      })
      const [viewer] = await t.app.access.grants.grantsFor(ana())
      if (!viewer) throw new Error('no grant')
      // Twenty page loads at once, each with its own token, half on each instance.
      const tokens = Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]?.documents.viewToken({ document: doc, viewer }),
      )
      // 35 seconds later every token reports the most a beacon may, on both instances.
      clock.advance(35_000)
      const answers = await Promise.all(
        tokens.flatMap((token) =>
          instances.map((app) =>
            beacon({ documentId: doc.id, version: 1, page: 1, seconds: 600, token }, { cookie: ana(), app }),
          ),
        ),
      )
      expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(204))
      // A later page load adds only the time since the first one.
      clock.advance(10_000)
      const later = instances[1]?.documents.viewToken({ document: doc, viewer })
      const last = await beacon(
        { documentId: doc.id, version: 1, page: 2, seconds: 600, token: later },
        { cookie: ana(), app: instances[0] },
      )
      expect(last.statusCode).toBe(204)
      for (const app of instances) await app.documents.engagement.flush()
      const rows = await t.db.prisma.documentView.findMany({ where: { documentId: doc.id } })
      expect(rows.reduce((sum, row) => sum + row.seconds, 0)).toBe(35 + 10)
    } finally {
      await Promise.all(instances.map((app) => app.close()))
    }
  })

  it('sends reports no larger than the server takes', () => {
    expect(MAX_REPORT_SECONDS).toBeLessThanOrEqual(MAX_SECONDS_PER_REPORT)
  })
})
