// /media served from the in-memory cache (docs/decisions/007) against a real embedded S3. S3 calls
// are counted by wrapping the real S3 client; time is an injected clock, so nothing here
// depends on how fast the machine is.
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { ENTRY_OVERHEAD_BYTES, MediaCache } from '../../server/routes/media-cache.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { createTestApp } from '../helpers/app.ts'
import { buildMediaApp, countingStorage, type S3Calls } from '../helpers/media-app.ts'
import { apiError } from '../helpers/promised.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { openTestStorage } from '../helpers/storage.ts'

const IMAGE = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
const IMAGE_V2 = Buffer.from('the replacement image, uploaded under the same key')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const LARGE = Buffer.alloc(4096, 7)
const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`
const TTL_MS = 10_000
const MAX_OBJECT_BYTES = 1024

let dataDir: string
let storage: Storage
/** The same routes without a cache: what /media answered before, for comparing headers. */
let streamingApp: FastifyInstance
let app: FastifyInstance
let cache: MediaCache
let calls: S3Calls
let hold: ReturnType<typeof countingStorage>['hold']
/** Clock readings start well past zero, as a process's performance.now() does. */
const T0 = 1_000_000
let now = T0

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-media-cache-'))
  storage = await openTestStorage(dataDir, [
    { bucket: '360', key: 'rm5_1.jpg', bytes: IMAGE },
    { bucket: '360', key: 'logo.svg', bytes: SVG },
    { bucket: 'video', key: 'big.ts', bytes: LARGE },
  ])
  streamingApp = await buildMediaApp(storage)
}, 30_000)

beforeEach(async () => {
  // A fresh cache and fresh counters per test: each test states the S3 calls it expects.
  await app?.close()
  now = T0
  cache = new MediaCache({
    maxBytes: 64 * 1024,
    maxObjectBytes: MAX_OBJECT_BYTES,
    ttlMs: TTL_MS,
    now: () => now,
  })
  const counting = countingStorage(storage)
  calls = counting.calls
  hold = counting.hold
  app = await buildMediaApp(counting.storage, cache)
})

afterAll(async () => {
  await app?.close()
  await streamingApp?.close()
  await storage?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const withoutDate = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers
  return headers
}

describe('a hit is served from memory', () => {
  it('answers the second GET without calling S3, with the same headers and bytes as streaming', async () => {
    const streamed = await streamingApp.inject({ url: '/media/360/rm5_1.jpg' })
    const first = await app.inject({ url: '/media/360/rm5_1.jpg' })
    expect(calls).toEqual({ statObject: 1, getObject: 1, getPartialObject: 0 })
    const second = await app.inject({ url: '/media/360/rm5_1.jpg' })
    expect(calls).toEqual({ statObject: 1, getObject: 1, getPartialObject: 0 })

    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200)
      expect(withoutDate(res)).toEqual(withoutDate(streamed))
      expect(res.rawPayload.equals(IMAGE)).toBe(true)
    }
    expect(second.headers).toMatchObject({
      etag: md5(IMAGE),
      'content-type': 'image/jpeg',
      'content-length': String(IMAGE.length),
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'last-modified': expect.any(String),
    })
    expect(cache.stats.hits).toBe(1)
  })

  it('shares one entry between the logical and physical bucket names', async () => {
    await storage.client.putObject('heros', 'home.jpg', IMAGE, IMAGE.length)
    expect((await app.inject({ url: '/media/Heros/home.jpg' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/media/heros/home.jpg' })).statusCode).toBe(200)
    expect(calls.getObject).toBe(1)
    expect(cache.size).toBe(1)
  })

  it('answers 304, Range, 416, If-Range and HEAD from memory', async () => {
    const warm = await app.inject({ url: '/media/360/rm5_1.jpg' })
    const before = { ...calls }
    const etag = warm.headers.etag as string

    const byTag = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { 'if-none-match': etag } })
    expect(byTag.statusCode).toBe(304)
    expect(byTag.body).toBe('')
    expect(byTag.headers.etag).toBe(etag)
    expect(byTag.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400')
    const byWeakList = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { 'if-none-match': `"other", W/${etag}` },
    })
    expect(byWeakList.statusCode).toBe(304)
    const byDate = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { 'if-modified-since': warm.headers['last-modified'] as string },
    })
    expect(byDate.statusCode).toBe(304)
    const otherTag = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { 'if-none-match': '"x"' } })
    expect(otherTag.statusCode).toBe(200)
    expect(otherTag.rawPayload.equals(IMAGE)).toBe(true)

    const range = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=10-19' } })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 10-19/${IMAGE.length}`)
    expect(range.headers['content-length']).toBe('10')
    expect(range.headers.etag).toBe(etag)
    expect(range.rawPayload.equals(IMAGE.subarray(10, 20))).toBe(true)
    const suffix = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=-16' } })
    expect(suffix.statusCode).toBe(206)
    expect(suffix.rawPayload.equals(IMAGE.subarray(240))).toBe(true)
    const unsatisfiable = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=1000-' } })
    expect(unsatisfiable.statusCode).toBe(416)
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${IMAGE.length}`)
    expect(unsatisfiable.json()).toEqual(apiError('range_not_satisfiable'))
    const staleIfRange = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    })
    expect(staleIfRange.statusCode).toBe(200)
    expect(staleIfRange.rawPayload.equals(IMAGE)).toBe(true)
    const currentIfRange = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { range: 'bytes=0-9', 'if-range': etag },
    })
    expect(currentIfRange.statusCode).toBe(206)

    const head = await app.inject({ method: 'HEAD', url: '/media/360/rm5_1.jpg' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(String(IMAGE.length))
    expect(head.headers['content-type']).toBe('image/jpeg')
    expect(head.headers.etag).toBe(etag)

    expect(calls).toEqual(before)
  })

  it('keeps the SVG sandbox policy on cached answers', async () => {
    await app.inject({ url: '/media/360/logo.svg' })
    const res = await app.inject({ url: '/media/360/logo.svg' })
    expect(calls.getObject).toBe(1)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.headers['content-security-policy']).toMatch(/sandbox/)
    expect(res.rawPayload.equals(SVG)).toBe(true)
  })

  it('a first HEAD or Range request fills the cache for the GETs that follow', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/media/360/rm5_1.jpg' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    const range = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=0-3' } })
    expect(range.rawPayload.equals(IMAGE.subarray(0, 4))).toBe(true)
    expect(calls).toEqual({ statObject: 1, getObject: 1, getPartialObject: 0 })
  })
})

describe('freshness', () => {
  it('serves an overwrite after the TTL, with the new ETag, and revalidates an unchanged object by stat only', async () => {
    await storage.client.putObject('360', 'swap.jpg', IMAGE, IMAGE.length)
    const first = await app.inject({ url: '/media/360/swap.jpg' })
    expect(first.headers.etag).toBe(md5(IMAGE))

    await storage.client.putObject('360', 'swap.jpg', IMAGE_V2, IMAGE_V2.length)
    now = T0 + TTL_MS - 1
    const withinTtl = await app.inject({ url: '/media/360/swap.jpg' })
    expect(withinTtl.headers.etag).toBe(md5(IMAGE)) // the documented staleness window
    expect(calls).toEqual({ statObject: 1, getObject: 1, getPartialObject: 0 })

    now = T0 + TTL_MS + 1
    const after = await app.inject({ url: '/media/360/swap.jpg' })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).toBe(md5(IMAGE_V2))
    expect(after.headers['content-length']).toBe(String(IMAGE_V2.length))
    expect(after.rawPayload.equals(IMAGE_V2)).toBe(true)
    expect(calls).toEqual({ statObject: 2, getObject: 2, getPartialObject: 0 })
    // A browser holding the old version gets the new one, not a 304.
    const oldTag = await app.inject({ url: '/media/360/swap.jpg', headers: { 'if-none-match': md5(IMAGE) } })
    expect(oldTag.statusCode).toBe(200)

    now = T0 + 2 * TTL_MS + 5
    const unchanged = await app.inject({ url: '/media/360/swap.jpg' })
    expect(unchanged.headers.etag).toBe(md5(IMAGE_V2))
    expect(calls).toEqual({ statObject: 3, getObject: 2, getPartialObject: 0 })
    // Renewed: served from memory again until the next TTL.
    await app.inject({ url: '/media/360/swap.jpg' })
    expect(calls.statObject).toBe(3)
  })

  it('does not cache a 404, and forgets a deleted object once the TTL has passed', async () => {
    const missing = await app.inject({ url: '/media/360/later.jpg' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('not_found')
    await storage.client.putObject('360', 'later.jpg', IMAGE, IMAGE.length)
    const appeared = await app.inject({ url: '/media/360/later.jpg' }) // same instant: no cached miss
    expect(appeared.statusCode).toBe(200)
    expect(cache.bytes).toBe(IMAGE.length + ENTRY_OVERHEAD_BYTES)

    await storage.client.removeObject('360', 'later.jpg')
    now = T0 + TTL_MS + 1
    const gone = await app.inject({ url: '/media/360/later.jpg' })
    expect(gone.statusCode).toBe(404)
    expect(cache.has('360/later.jpg')).toBe(false)
    expect(cache.bytes).toBe(0)
  })
})

describe('large objects', () => {
  it('bypass the cache and keep streaming with Range from S3', async () => {
    const full = await app.inject({ url: '/media/video/big.ts' })
    expect(full.statusCode).toBe(200)
    expect(full.rawPayload.equals(LARGE)).toBe(true)
    expect(full.headers['content-type']).toBe('video/mp2t')
    const range = await app.inject({ url: '/media/video/big.ts', headers: { range: 'bytes=100-199' } })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 100-199/${LARGE.length}`)
    expect(range.rawPayload.equals(LARGE.subarray(100, 200))).toBe(true)
    const head = await app.inject({ method: 'HEAD', url: '/media/video/big.ts' })
    expect(head.headers['content-length']).toBe(String(LARGE.length))
    expect(cache.size).toBe(0)
    // Every request went to S3: one stat each, the bodies streamed, nothing fetched whole twice.
    expect(calls).toEqual({ statObject: 3, getObject: 1, getPartialObject: 1 })
  })
})

describe('single-flight and failures', () => {
  it('N concurrent first requests make one statObject and one getObject', async () => {
    const N = 12
    let release!: () => void
    hold.stat = new Promise<void>((resolve) => {
      release = resolve
    })
    const responses = Promise.all(
      Array.from({ length: N }, () => app.inject({ url: '/media/360/rm5_1.jpg' })),
    )
    // Hold storage until every request has joined the first one's load, then let it answer.
    await vi.waitFor(() => expect(cache.stats.waiting).toBe(N), { timeout: 10_000 })
    release()
    for (const res of await responses) {
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(IMAGE)).toBe(true)
    }
    expect(calls).toEqual({ statObject: 1, getObject: 1, getPartialObject: 0 })
  })

  it('a failing fetch answers 503 as before and does not poison the cache', async () => {
    hold.getObjectError = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const failed = await app.inject({ url: '/media/360/rm5_1.jpg' })
    expect(failed.statusCode).toBe(503)
    expect(failed.headers['retry-after']).toBe('5')
    expect(failed.headers['cache-control']).toBe('no-store')
    expect(failed.json()).toEqual({
      error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
    })
    expect(cache.size).toBe(0)

    const next = await app.inject({ url: '/media/360/rm5_1.jpg' })
    expect(next.statusCode).toBe(200)
    expect(next.rawPayload.equals(IMAGE)).toBe(true)
    expect(cache.size).toBe(1)
  })

  it('answers 503 when storage is down and a stale entry needs revalidating', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rm5-media-cache-down-'))
    const own = await openStorage(parseEnv({ DATA_DIR: dir, NODE_ENV: 'test' }), quietStorageLog)
    await own.ensureBuckets()
    await own.client.putObject('360', 'rm5_1.jpg', IMAGE, IMAGE.length)
    let clock = T0
    const ownCache = new MediaCache({
      maxBytes: 64 * 1024,
      maxObjectBytes: 1024,
      ttlMs: TTL_MS,
      now: () => clock,
    })
    const ownApp = await buildMediaApp(own, ownCache)
    try {
      expect((await ownApp.inject({ url: '/media/360/rm5_1.jpg' })).statusCode).toBe(200)
      await own.close()
      // Within the TTL the bytes come from memory, storage is not asked.
      expect((await ownApp.inject({ url: '/media/360/rm5_1.jpg' })).statusCode).toBe(200)
      clock = T0 + TTL_MS + 1
      const res = await ownApp.inject({ url: '/media/360/rm5_1.jpg' })
      expect(res.statusCode).toBe(503)
      expect(res.json().error.code).toBe('storage_unavailable')
      expect(ownCache.size).toBe(0)
    } finally {
      await ownApp.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the app wires the cache from the environment', () => {
  it('serves from memory within MEDIA_CACHE_TTL_SECONDS and streams with MEDIA_CACHE_MAX_BYTES=0', async () => {
    for (const [cacheEnv, expectFirstVersion] of [
      [{ MEDIA_CACHE_TTL_SECONDS: '3600' }, true],
      [{ MEDIA_CACHE_MAX_BYTES: '0' }, false],
    ] as const) {
      const test = await createTestApp({ env: cacheEnv })
      try {
        await test.storage.client.putObject('360', 'wired.jpg', IMAGE, IMAGE.length)
        const first = await test.app.inject({ url: '/media/360/wired.jpg' })
        expect(first.headers.etag).toBe(md5(IMAGE))
        await test.storage.client.putObject('360', 'wired.jpg', IMAGE_V2, IMAGE_V2.length)
        const second = await test.app.inject({ url: '/media/360/wired.jpg' })
        expect(second.headers.etag).toBe(expectFirstVersion ? md5(IMAGE) : md5(IMAGE_V2))
      } finally {
        await test.close()
      }
    }
  })

  it('parses the limits with their defaults and rejects bad values naming the variable', () => {
    const env = parseEnv({})
    expect(env.MEDIA_CACHE_MAX_OBJECT_BYTES).toBe(1024 * 1024)
    expect(env.MEDIA_CACHE_MAX_BYTES).toBe(64 * 1024 * 1024)
    expect(env.MEDIA_CACHE_TTL_SECONDS).toBe(10)
    expect(() => parseEnv({ MEDIA_CACHE_MAX_BYTES: '-1' })).toThrow(/MEDIA_CACHE_MAX_BYTES/)
    expect(() => parseEnv({ MEDIA_CACHE_TTL_SECONDS: 'soon' })).toThrow(/MEDIA_CACHE_TTL_SECONDS/)
  })
})
