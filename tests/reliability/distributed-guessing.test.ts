// No one can lock a code holder out (decision 016): 1,000 wrong codes, each from its own client
// address (127.1.x.y on loopback, real sockets), against the production server in its own
// process; then the right code from a new address gets in on the first try. Meanwhile the
// server's memory stays bounded (the ceiling on concurrent argon2 checks), every request is
// answered (checked, or "busy" at once), and the refused ones are tallied, not written one by one.
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import pLimit from 'p-limit'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { seedCode } from '../helpers/access.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { fillBuckets, type StartedSite, startSite } from '../helpers/start-process.ts'

const CODE = 'Distributed-Guessing-Holder-2026'
const ATTACKERS = 1_000
/** Parallel attacker connections: more than the ceiling lets wait, so some are told "busy". */
const PARALLEL = 200
/** What the flood may add to the server's resident memory. */
const MAX_GROWTH_MB = 120

let testDb: TestDatabase
let db: Database
let site: StartedSite
const figures: Record<string, string | number> = {}

beforeAll(async () => {
  testDb = await createTestDatabase()
  db = await openDatabase(parseEnv({ NODE_ENV: 'test', ...testDb.env }), pino({ level: 'silent' }))
  await seedCode(db, 'circlek', CODE, { label: 'holder' })
  await fillBuckets(testDb.env.DATA_DIR)
  site = await startSite(testDb.env.DATA_DIR, {
    DATABASE_URL: testDb.url,
    COOKIE_SECRET: 'd'.repeat(48),
    TRUST_PROXY: 'false',
    LOG_LEVEL: 'error',
  })
  // Longer than startSite's own deadline for a start (migrations on a loaded machine): a start
  // that hangs is then killed by startSite, not left running by a hook that gave up first.
}, 300_000)
afterAll(async () => {
  if (site?.process.exitCode === null) site.process.kill('SIGTERM')
  await site?.exited
  await db?.close()
  await testDb?.drop()
  console.log('distributed guessing figures:', figures)
})

function verify(from: string, accessCode: string) {
  const payload = JSON.stringify({ retailer: 'circlek', accessCode })
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: '/api/access/verify',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return Math.round(Number(line?.[1] ?? 0) / 1024)
}

describe('1,000 wrong codes from 1,000 addresses', () => {
  it('leave the gate open to the holder, with bounded memory and bookkeeping', async () => {
    const pid = site.process.pid as number
    const baseline = rssMb(pid)
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid))
    }, 50)
    const started = Date.now()
    const limit = pLimit(PARALLEL)
    const answers = await Promise.all(
      Array.from({ length: ATTACKERS }, (_, i) =>
        limit(() => verify(`127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`, `wrong-guess-${i}`)),
      ),
    ).finally(() => clearInterval(sampler))
    peak = Math.max(peak, rssMb(pid))
    const seconds = (Date.now() - started) / 1000

    const by = (status: number, code?: string) =>
      answers.filter(
        (answer) => answer.status === status && (!code || JSON.parse(answer.body).error?.code === code),
      )
    const checked = by(200)
    const busy = by(503, 'busy')
    // Postgres not taking a code's lookup or its attempt row within the pool's timeouts (a loaded
    // machine) is answered too, with a retryable 503 of its own.
    const unavailable = by(503, 'database_unavailable')
    const tally: Record<number, number> = {}
    for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1
    const statuses = JSON.stringify(tally)
    expect(checked.length + busy.length + unavailable.length, statuses).toBe(ATTACKERS)
    for (const answer of checked) expect(JSON.parse(answer.body)).toEqual({ success: false })

    const holder = await verify('127.2.0.1', CODE)
    expect(holder.status).toBe(200)
    expect(JSON.parse(holder.body)).toEqual({ success: true })
    expect(peak - baseline).toBeLessThanOrEqual(MAX_GROWTH_MB)

    // One row per checked code; the "busy" ones tallied, and written at the latest on shutdown.
    site.process.kill('SIGTERM')
    expect(await site.exited).toBe(0)
    const rows = await db.prisma.accessAttempt.groupBy({
      by: ['outcome'],
      _count: { _all: true },
      _sum: { count: true },
    })
    const outcome = (name: string) => rows.find((row) => row.outcome === name)
    expect(outcome('denied')?._count._all).toBe(checked.length)
    expect(outcome('busy')?._sum.count ?? 0).toBe(busy.length)
    expect(outcome('granted')?._count._all).toBe(1)
    Object.assign(figures, {
      'attempts sent': ATTACKERS,
      'seconds for the flood': seconds.toFixed(1),
      'checked (argon2)': checked.length,
      'answered busy': busy.length,
      'answered database_unavailable': unavailable.length,
      'holder answered': holder.status,
      'server RSS before / peak (MB)': `${baseline} / ${peak}`,
      'rows by outcome': JSON.stringify(rows.map((row) => [row.outcome, row._count._all, row._sum.count])),
    })
  }, 180_000)
})
