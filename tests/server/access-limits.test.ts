// Brute-force limits on POST /api/access/verify (DESIGN.md #6): checked before any argon2 work,
// per IP + gate (10/min) and per gate (60/min), in memory or shared through Redis.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server'
import { countingHasher, limitPrefix, seedCode, verify, verifyForm } from '../helpers/access'
import { createTestApp, type TestApp } from '../helpers/app'

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
  const app = await buildApp({
    env: { ...t.env, REDIS_URL: options.redis },
    db: t.db,
    storage: t.storage,
    logger: false,
    access: { hasher, rateLimitPrefix: options.prefix ?? limitPrefix() },
  })
  await app.ready()
  return { app, hasher }
}

const wrong = { retailer: 'circlek', accessCode: 'wrong-wrong-wrong' }

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
        error: {
          code: 'rate_limited',
          message: `Too many attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
        },
      })
      // The right code is refused too while limited: the limit is not a hint about correctness.
      const right = await verify(
        app,
        { retailer: 'circlek', accessCode: 'circle-k-limits-1' },
        { remoteAddress: '203.0.113.7' },
      )
      expect(right.statusCode).toBe(429)
      expect(hasher.verifications).toBe(10) // no argon2 work for limited requests
      const after = await t.db.prisma.accessAttempt.count({ where: { outcome: 'rate_limited' } })
      expect(after - before).toBe(2)

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

  it('caps a gate at 60 attempts a minute across all IPs', async () => {
    const { app, hasher } = await appWith()
    try {
      for (let i = 0; i < 60; i++) {
        const res = await verify(app, wrong, { remoteAddress: `192.0.2.${Math.floor(i / 10) + 1}` })
        expect(res.statusCode, `attempt ${i + 1}`).toBe(200)
      }
      const res = await verify(app, wrong, { remoteAddress: '192.0.2.200' })
      expect(res.statusCode).toBe(429)
      expect(hasher.verifications).toBe(60)
      // Other gates keep their own allowance.
      expect(
        (
          await verify(
            app,
            { retailer: 'pizzahut', accessCode: 'whatever-1' },
            { remoteAddress: '192.0.2.200' },
          )
        ).statusCode,
      ).toBe(200)
    } finally {
      await app.close()
    }
  }, 60_000)

  it('counts a blocked IP’s extra attempts against it only, not against the gate', async () => {
    const { app } = await appWith()
    try {
      for (let i = 0; i < 40; i++) await verify(app, { retailer: 'walmart' }, { remoteAddress: '198.18.0.1' })
      // 10 counted for the gate; 30 refused per IP and not counted: 50 more from others still pass.
      for (let i = 0; i < 50; i++) {
        const res = await verify(app, { retailer: 'walmart' }, { remoteAddress: `198.18.1.${i}` })
        expect(res.statusCode, `other ip ${i}`).toBe(200)
      }
    } finally {
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

const redisUp = await new Redis(REDIS_URL, {
  lazyConnect: true,
  connectTimeout: 500,
  maxRetriesPerRequest: 0,
})
  .connect()
  .then(
    () => true,
    () => false,
  )

describe.runIf(redisUp)('shared through Redis', () => {
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
