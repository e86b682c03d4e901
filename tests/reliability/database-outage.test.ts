// Postgres cut for real during a load of submissions: a TCP proxy of the test's own sits between
// the app and Postgres and is cut (every connection reset; new ones refused, or accepted and
// never answered) until the app has answered by itself, then restored. Nothing acknowledged may be lost, every failure must
// be a quick, clear, retryable 503, pages without a database keep serving, and the app recovers
// by itself.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/db/errors.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { sleep, summary } from '../helpers/latency.ts'
import { until } from '../helpers/notification-receivers.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { type CutMode, startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

const IMAGE = Buffer.from('a media object that needs no database')

let testDb: TestDatabase
let proxy: TcpProxy
let db: Database
let storage: Storage
let app: FastifyInstance
let direct: pg.Client

beforeAll(async () => {
  testDb = await createTestDatabase()
  const real = new URL(testDb.url)
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) })
  // The app reaches the very same database, but only through the proxy.
  const viaProxy = new URL(testDb.url)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testDb.env,
    DATABASE_URL: viaProxy.toString(),
  })
  db = await openDatabase(env, silentLogger)
  storage = await openStorage(env, quietStorageLog)
  await storage.ensureBuckets()
  await storage.client.putObject('360', 'rm5_1.jpg', IMAGE, IMAGE.length)
  app = await buildApp({
    env,
    db,
    storage,
    logger: false,
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { rateLimitPrefix: limitPrefix() },
  })
  await app.ready()
  direct = new pg.Client({ connectionString: testDb.url })
  await direct.connect()
  // Warm up (Prisma's first query, Vike's first render, the pool's connections), so that the
  // timings below measure the outage and not a cold start.
  await Promise.all(Array.from({ length: 10 }, (_, n) => submit(-1 - n, randomUUID())))
  for (const url of ['/healthz', '/', '/media/360/rm5_1.jpg', '/docket']) await app.inject({ url })
  await direct.query('DELETE FROM retailer_applications')
})

afterAll(async () => {
  await direct?.end()
  await app?.close()
  await Promise.allSettled([db?.close(), storage?.close()])
  await proxy?.close()
  await testDb?.drop()
})

interface Outcome {
  n: number
  key: string
  status: number
  ms: number
  body: { id?: string; error?: { code: string; message: string } }
}

async function submit(n: number, key: string): Promise<Outcome> {
  const started = performance.now()
  const res = await app.inject({
    method: 'POST',
    url: '/api/applications',
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify(applicationBody(n)),
  })
  return { n, key, status: res.statusCode, ms: performance.now() - started, body: res.json() }
}

/** `submit`, sent again (up to five times in all) while it is answered the retryable 503. */
async function submitUntilStored(n: number, key: string): Promise<Outcome> {
  let outcome = await submit(n, key)
  for (let attempt = 2; attempt <= 5 && outcome.status === 503; attempt++) {
    expect(outcome.body.error?.code).toBe('database_unavailable')
    outcome = await submit(n, key)
  }
  return outcome
}

interface Probe {
  at: number
  url: string
  status: number
  ms: number
  res: LightMyRequestResponse
}

/** Requests that must not depend on Postgres, sent every 200 ms into `probes` while `until` is pending. */
async function probeWhile(until: Promise<unknown>, urls: string[], t0: number, probes: Probe[]) {
  let done = false
  void until.finally(() => {
    done = true
  })
  while (!done) {
    await Promise.all(
      urls.map(async (url) => {
        const started = performance.now()
        const res = await app.inject({ method: 'GET', url, remoteAddress: randomIp() })
        probes.push({ at: started - t0, url, status: res.statusCode, ms: performance.now() - started, res })
      }),
    )
    await sleep(200)
  }
}

async function storedRows(): Promise<Map<string, string[]>> {
  const { rows } = await direct.query<{ id: string; idempotency_key: string }>(
    'SELECT id, idempotency_key FROM retailer_applications',
  )
  const byKey = new Map<string, string[]>()
  for (const row of rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row.id])
  return byKey
}

/**
 * At least `count` submissions paced `paceMs` apart, with the database cut in between. The cut
 * starts once the app has stored some of them and ends once the app has shown, while the database
 * was still away, that it gives up by itself: a submission sent after the cut answered 503 and a
 * health check said the database was down. Conditions, not durations: however slow the machine,
 * the restore comes after what the test asserts. Returns every outcome plus the probes sent meanwhile.
 */
async function loadWithCut(options: { count: number; paceMs: number; mode: CutMode }) {
  const t0 = performance.now()
  const cut = { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY }
  const answered: (Outcome & { sentAt: number })[] = []
  const probes: Probe[] = []
  const outage = (async () => {
    await until('the app stores submissions', () => answered.some((o) => o.status === 201))
    cut.start = performance.now() - t0
    await proxy.cut(options.mode)
    await until(
      'the app answers 503 by itself and its health check says the database is down',
      () =>
        answered.some((o) => o.status === 503 && o.sentAt > cut.start) &&
        probes.some((p) => p.url === '/healthz' && p.status === 503 && p.at > cut.start + 100),
    )
    await proxy.restore()
    cut.end = performance.now() - t0
  })()
  let over = false
  const isOver = () => {
    over = true
  }
  outage.then(isOver, isOver)
  let finished = () => {}
  const probing = probeWhile(
    new Promise<void>((resolve) => {
      finished = resolve
    }),
    ['/healthz', '/', '/media/360/rm5_1.jpg', '/docket'],
    t0,
    probes,
  )
  const sent: Promise<Outcome & { sentAt: number }>[] = []
  // The load goes on until the outage is over (the restore waits for answers of this load).
  for (let n = 0; n < options.count || !over; n++) {
    const due = t0 + n * options.paceMs
    if (due > performance.now()) await sleep(due - performance.now())
    const sentAt = performance.now() - t0
    sent.push(
      submit(n, randomUUID()).then((outcome) => {
        const withTime = { ...outcome, sentAt }
        answered.push(withTime)
        return withTime
      }),
    )
  }
  const outcomes = await Promise.all(sent)
  await outage
  finished()
  await probing
  return { outcomes, probes, cut }
}

/** Waits until the app's own health check sees the database again. */
function databaseBack() {
  return until('the health check says the database is back', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' })
    return health.statusCode === 200
  })
}

/** Once the app's health check sees the database again, submissions are stored at once. */
async function expectRecovered(label: string) {
  await databaseBack()
  const after = await Promise.all(Array.from({ length: 10 }, (_, n) => submit(1000 + n, randomUUID())))
  for (const o of after)
    expect(o.status, `${label}: #${o.n} after recovery: ${JSON.stringify(o.body)}`).toBe(201)
  return after
}

async function expectNothingLost<O extends Outcome>(outcomes: O[], label: string) {
  const created = outcomes.filter((o) => o.status === 201)
  const failed = outcomes.filter((o) => o.status !== 201)
  const byKey = await storedRows()
  // Every acknowledged submission is stored, exactly once, under the id the client was given.
  for (const o of created) expect(byKey.get(o.key), `${label} #${o.n}`).toEqual([o.body.id])
  // Every failure is a clear, retryable answer.
  for (const o of failed) {
    expect(o.status, `${label} #${o.n}`).toBe(503)
    expect(o.body).toEqual({
      error: {
        code: 'database_unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
        requestId: expect.any(String),
      },
    })
  }
  // The client retries each failure with the same key once the site is back, as the message asks
  // ("try again in a moment"), and again while the answer still says so: all of them at once
  // can outlast the write's deadline on a loaded machine, which answers the same clear 503. Each
  // is stored once, nothing twice.
  await databaseBack()
  const retried = await Promise.all(failed.map((o) => submitUntilStored(o.n, o.key)))
  for (const r of retried) expect(r.status, `${label} retry #${r.n}: ${JSON.stringify(r.body)}`).toBe(201)
  // And a retry of an acknowledged one (its answer lost in transit) replays, not duplicates.
  for (const o of created.slice(0, 20)) {
    const again = await submit(o.n, o.key)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(o.body.id)
  }
  const after = await storedRows()
  for (const o of outcomes) expect(after.get(o.key)?.length, `${label} #${o.n} stored once`).toBe(1)
  return { created, failed, retried }
}

/**
 * The app gave up by itself: some 503 arrived while Postgres was still away, so its own timeouts
 * fired instead of requests waiting for the database to come back. (How fast is for the bench.)
 */
function expectAnsweredDuringCut(failed: (Outcome & { sentAt: number })[], cut: { end: number }) {
  expect(failed.some((o) => o.sentAt + o.ms < cut.end)).toBe(true)
}

function expectPagesServed(probes: Probe[], cut: { start: number; end: number }) {
  // Probes that ran entirely inside the cut.
  const during = probes.filter((p) => p.at > cut.start + 100 && p.at + p.ms < cut.end)
  expect(during.length).toBeGreaterThan(0)
  // A health check inside the cut said the database was down.
  const health = during.filter((p) => p.url === '/healthz')
  expect(health.some((p) => p.status === 503 && p.res.json().checks.database === 'down')).toBe(true)
  for (const p of health) expect(p.res.json().checks.storage).toBe('ok')
  for (const p of during.filter((p) => p.url !== '/healthz')) {
    // The home page is a pre-rendered file, media come from S3, and /docket without a grant
    // redirects before any lookup: none needs Postgres.
    const expected = p.url === '/docket' ? 302 : 200
    expect(p.status, `${p.url} at ${p.at.toFixed(0)} ms`).toBe(expected)
  }
  return during
}

describe('Postgres cut during a load of submissions', () => {
  // Each case counts the rows of its own load.
  beforeEach(() => direct.query('DELETE FROM retailer_applications'))

  it('loses nothing when connections are reset and refused', async () => {
    const { outcomes, probes, cut } = await loadWithCut({ count: 300, paceMs: 15, mode: 'refuse' })
    const { created, failed } = await expectNothingLost(outcomes, 'refuse')
    const during = expectPagesServed(probes, cut)

    expect(failed.length, 'the cut must have hit some submissions').toBeGreaterThan(0)
    expectAnsweredDuringCut(failed, cut)
    // Recovered by itself: once the database is back, everything is stored at once.
    const after = await expectRecovered('refuse')
    const health = await app.inject({ method: 'GET', url: '/healthz' })
    expect(health.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok' } })
    expect(await direct.query('SELECT count(*)::int AS n FROM retailer_applications')).toMatchObject({
      rows: [{ n: outcomes.length + after.length }],
    })

    console.log(
      `db cut (refuse, ${(cut.end - cut.start).toFixed(0)} ms): ${outcomes.length} submissions → ${created.length} × 201, ` +
        `${failed.length} × 503 (latency ${summary(failed.map((o) => o.ms))}); all ${failed.length} retried with ` +
        `their key → 201; rows = ${outcomes.length}, each key once. During the cut: ${during.length} probes of /, /media, ` +
        `/docket, /healthz → ${summary(during.map((p) => p.ms))}`,
    )
  }, 180_000)

  it('answers 503 by its own timeouts while the database black-holes new connections', async () => {
    const { outcomes, probes, cut } = await loadWithCut({ count: 100, paceMs: 40, mode: 'blackhole' })
    const { created, failed } = await expectNothingLost(outcomes, 'blackhole')
    const during = expectPagesServed(probes, cut)
    expect(failed.length).toBeGreaterThan(0)
    expectAnsweredDuringCut(failed, cut)
    const after = await expectRecovered('blackhole')
    expect(await direct.query('SELECT count(*)::int AS n FROM retailer_applications')).toMatchObject({
      rows: [{ n: outcomes.length + after.length }],
    })
    console.log(
      `db cut (black hole, ${(cut.end - cut.start).toFixed(0)} ms): ${outcomes.length} submissions → ${created.length} × 201, ` +
        `${failed.length} × 503 (latency ${summary(failed.map((o) => o.ms))}); retried → rows = ${outcomes.length}. ` +
        `Pages meanwhile ${summary(during.filter((p) => p.url !== '/healthz').map((p) => p.ms))}`,
    )
  }, 180_000)
})
