// Brute-force limits on POST /api/access/verify: checked before any argon2 work, per client and
// gate (10/min), in memory or shared through Redis; no gate-wide lock; a ceiling on concurrent
// checks; refused requests tallied (decision 016).
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHashCeiling } from '../../server/access/hash-ceiling.server.ts'
import { clientHash } from '../../server/http/client-hash.server.ts'
import { countingHasher, limitPrefix, seedCode, verify, verifyForm } from '../helpers/access.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { BACKGROUND_WORK } from '../helpers/background-work.ts'
import { apiError } from '../helpers/promised.ts'
import { describeWith, redisAt } from '../helpers/required-service.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedCode(t.db, 'circlek', 'circle-k-limits-1')
})
afterAll(async () => {
  await t?.close()
})

async function appWith(options: { redis?: string; prefix?: string } = {}) {
  const hasher = countingHasher()
  const app = await appBeside(t, {
    env: { ...t.env, REDIS_URL: options.redis },
    logger: false,
    access: { hasher, rateLimitPrefix: options.prefix ?? limitPrefix() },
  })
  await app.ready()
  return { app, hasher }
}

const wrong = { retailer: 'circlek', accessCode: 'wrong-wrong-wrong' }

/**
 * An app whose code checks wait until the test lets them finish (release), with the first one
 * already running: the ceiling's state is then known.
 */
async function appWithOneCheckHeld(ceiling: Parameters<typeof createHashCeiling>[0], from: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let started = 0
  const hasher = {
    hash: countingHasher().hash,
    async verify() {
      started += 1
      await held
      return false
    },
  }
  const hashCeiling = createHashCeiling(ceiling)
  const app = await appBeside(t, {
    logger: false,
    access: { hasher, rateLimitPrefix: limitPrefix(), hashCeiling },
  })
  await app.ready()
  const running = verify(app, wrong, { remoteAddress: from })
  await vi.waitFor(() => expect(started).toBe(1), BACKGROUND_WORK)
  return { app, hashCeiling, running, release: () => release(), started: () => started }
}

describe('in memory', () => {
  it('stops the 11th attempt a minute from one IP before hashing it, with Retry-After', async () => {
    const { app, hasher } = await appWith()
    try {
      for (let i = 0; i < 10; i++) {
        const res = await verify(app, wrong, { remoteAddress: '203.0.113.7' })
        expect(res.statusCode, `attempt ${i + 1}`).toBe(200)
      }
      expect(hasher.verifications).toBe(10)
      const before = await t.db.prisma.accessAttempt.count({ where: { outcome: 'rate_limited' } })

      const limited = await verify(app, wrong, { remoteAddress: '203.0.113.7' })
      expect(limited.statusCode).toBe(429)
      const retryAfter = Number(limited.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(limited.json()).toEqual({
        success: false,
        ...apiError(
          'rate_limited',
          `Too many attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
        ),
      })
      // The right code is refused too while limited: the limit is not a hint about correctness.
      const right = await verify(
        app,
        { retailer: 'circlek', accessCode: 'circle-k-limits-1' },
        { remoteAddress: '203.0.113.7' },
      )
      expect(right.statusCode).toBe(429)
      expect(hasher.verifications).toBe(10) // no argon2 work for limited requests
      await app.access.refusedAttempts?.flush()
      const after = await t.db.prisma.accessAttempt.count({ where: { outcome: 'rate_limited' } })
      // Two refused requests from one client: one row that counts both.
      expect(after - before).toBe(1)

      // Another IP, and the same IP on another gate, are not affected.
      expect((await verify(app, wrong, { remoteAddress: '203.0.113.8' })).statusCode).toBe(200)
      expect((await verify(app, { retailer: 'walmart' }, { remoteAddress: '203.0.113.7' })).statusCode).toBe(
        200,
      )

      // A no-JS form post that hits the limit goes back to its gate saying when to retry.
      const form = await verifyForm(
        app,
        { retailer: 'circlek', accessCode: 'x-x-x-x-x' },
        { remoteAddress: '203.0.113.7' },
      )
      expect(form.statusCode).toBe(303)
      expect(form.headers.location).toMatch(/^\/circlek\?error=rate_limited&retry=\d+$/)
    } finally {
      await app.close()
    }
  })

  it('has no gate-wide lock: after 70 wrong codes from 7 addresses, a holder gets in at once', async () => {
    const { app, hasher } = await appWith()
    try {
      // More than the 60 a minute the removed gate-wide limit allowed.
      for (let i = 0; i < 70; i++) {
        const res = await verify(app, wrong, { remoteAddress: `192.0.2.${Math.floor(i / 10) + 1}` })
        expect(res.statusCode, `attempt ${i + 1}`).toBe(200)
      }
      expect(hasher.verifications).toBe(70)
      const holder = await verify(
        app,
        { retailer: 'circlek', accessCode: 'circle-k-limits-1' },
        { remoteAddress: '192.0.2.250' },
      )
      expect(holder.json()).toEqual({ success: true })
    } finally {
      await app.close()
    }
  }, 120_000)

  it('tallies refused requests: 10,000 over the limit add one row per client, not one each', async () => {
    const { app, hasher } = await appWith()
    const clients = ['203.0.113.60', '203.0.113.61']
    // Only these two clients' rows: other tests of this file write to the same database.
    const theirs = { ipHash: { in: clients.map((ip) => clientHash(app.access.keys.ip, ip)) } }
    try {
      for (const remoteAddress of clients)
        for (let i = 0; i < 10; i++) await verify(app, wrong, { remoteAddress })
      let refused = 0
      for (let i = 0; i < 10_000; i++) {
        const res = await verify(app, wrong, { remoteAddress: clients[i % 2] as string })
        if (res.statusCode === 429) refused += 1
      }
      expect(refused).toBe(10_000)
      expect(hasher.verifications).toBe(20)
      await app.access.refusedAttempts?.flush()
      const rows = await t.db.prisma.accessAttempt.count({ where: theirs })
      // 20 checked codes, one row each; the refused ones as a few tallies per client.
      expect(rows).toBeGreaterThanOrEqual(22)
      expect(rows).toBeLessThanOrEqual(20 + 2 * 10)
      const tallied = await t.db.prisma.accessAttempt.aggregate({
        where: { ...theirs, outcome: 'rate_limited' },
        _sum: { count: true },
      })
      expect(tallied._sum.count).toBe(10_000)
    } finally {
      await app.close()
    }
  }, 120_000)

  it('answers "busy" at once, without hashing, when the ceiling on concurrent checks is full', async () => {
    const { app, hashCeiling, running, release, started } = await appWithOneCheckHeld(
      { concurrency: 1, maxWaiting: 1 },
      '198.18.2.1',
    )
    try {
      const waiting = verify(app, wrong, { remoteAddress: '198.18.2.2' })
      await vi.waitFor(() => expect(hashCeiling.waiting).toBe(1), BACKGROUND_WORK)
      const busy = await verify(app, wrong, { remoteAddress: '198.18.2.3' })
      expect(busy.statusCode).toBe(503)
      expect(busy.headers['retry-after']).toBe('2')
      expect(busy.json()).toEqual({
        success: false,
        ...apiError('busy', 'Many codes are being checked right now. Try again in 2 seconds.'),
      })
      // A no-JS post refused the same way goes back to its gate with the notice and the wait.
      const form = await verifyForm(
        app,
        { retailer: 'circlek', accessCode: 'x-x-x-x-x' },
        { remoteAddress: '198.18.2.4' },
      )
      expect([form.statusCode, form.headers.location]).toEqual([303, '/circlek?error=busy&retry=2'])
      expect(started()).toBe(1)
      release()
      expect((await running).statusCode).toBe(200)
      expect((await waiting).statusCode).toBe(200)
      expect(started()).toBe(2)
      await app.access.refusedAttempts?.flush()
      // Only the two refused clients' rows: the other "busy" test writes to the same table.
      const refused = ['198.18.2.3', '198.18.2.4'].map((ip) => clientHash(app.access.keys.ip, ip))
      const tallied = await t.db.prisma.accessAttempt.findMany({
        where: { outcome: 'busy', ipHash: { in: refused } },
      })
      expect(tallied.reduce((sum, row) => sum + row.count, 0)).toBe(2)
    } finally {
      release()
      await app.close()
    }
  })

  it('answers "busy", without hashing, a check that found no free slot within the longest wait', async () => {
    // The one slot stays taken until the test lets it go, so the waiting check can only give up.
    const { app, hashCeiling, running, release, started } = await appWithOneCheckHeld(
      { concurrency: 1, maxWaiting: 10, maxWaitMs: 200 },
      '198.18.3.1',
    )
    try {
      const waited = await verify(app, wrong, { remoteAddress: '198.18.3.2' })
      expect(waited.statusCode).toBe(503)
      expect(waited.headers['retry-after']).toBe('2')
      expect(waited.json().error.code).toBe('busy')
      release()
      expect((await running).statusCode).toBe(200)
      // Its turn came after it gave up: it was skipped, never hashed, and the slot is free again.
      await vi.waitFor(() => expect(hashCeiling.waiting).toBe(0), BACKGROUND_WORK)
      expect(started()).toBe(1)
      expect((await verify(app, wrong, { remoteAddress: '198.18.3.3' })).statusCode).toBe(200)
      expect(started()).toBe(2)
    } finally {
      release()
      await app.close()
    }
  })

  it('treats every address of one IPv6 /64 as one client', async () => {
    const { app } = await appWith()
    try {
      for (let i = 0; i < 10; i++)
        await verify(app, { retailer: 'walmart' }, { remoteAddress: `2001:db8:1:2::${i + 1}` })
      const res = await verify(app, { retailer: 'walmart' }, { remoteAddress: '2001:db8:1:2:ffff::99' })
      expect(res.statusCode).toBe(429)
    } finally {
      await app.close()
    }
  })
})

describeWith(await redisAt(REDIS_URL), 'shared through Redis', () => {
  const prefix = limitPrefix()
  const redis = new Redis(REDIS_URL, { lazyConnect: true })

  afterAll(async () => {
    // Only this run's keys: other tests and apps may share the Redis.
    await redis.connect().catch(() => {})
    const keys = await redis.keys(`*${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('limits one IP across two app instances', async () => {
    const a = await appWith({ redis: REDIS_URL, prefix })
    const b = await appWith({ redis: REDIS_URL, prefix })
    try {
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? a.app : b.app
        expect((await verify(app, wrong, { remoteAddress: '203.0.113.50' })).statusCode).toBe(200)
      }
      const res = await verify(b.app, wrong, { remoteAddress: '203.0.113.50' })
      expect(res.statusCode).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(a.hasher.verifications + b.hasher.verifications).toBe(10)
      await redis.connect().catch(() => {})
      expect((await redis.keys(`*${prefix}*`)).length).toBeGreaterThan(0)
    } finally {
      await Promise.all([a.app.close(), b.app.close()])
    }
  })
})

describe('Redis unreachable', () => {
  it('still limits, with per-instance counters', async () => {
    const { app, hasher } = await appWith({ redis: 'redis://127.0.0.1:1' })
    try {
      for (let i = 0; i < 10; i++) await verify(app, wrong, { remoteAddress: '203.0.113.90' })
      const res = await verify(app, wrong, { remoteAddress: '203.0.113.90' })
      expect(res.statusCode).toBe(429)
      expect(hasher.verifications).toBe(10)
    } finally {
      await app.close()
    }
  })
})
