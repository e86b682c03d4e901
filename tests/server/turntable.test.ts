// GET /api/turntable against a real embedded S3 (s3rver): bucket order, filtering, numeric order,
// the cap, and the empty / missing / unavailable storage the viewer turns into its error texts.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { listingProblem, type TurntableListing } from '../../lib/turntable/messages.ts'
import { type TestApp, testAppForFile } from '../helpers/app.ts'
import { apiError } from '../helpers/promised.ts'

/** The buckets the viewer looks in, in its order. */
const TURNTABLE_BUCKETS = ['360', '360-images', 'images', 'product-images']
// Each test starts from storage as the app creates it (an empty `360`, none of the fallbacks), so
// no test depends on what an earlier one left behind.
const t = testAppForFile({}, async (app) => {
  for (const bucket of TURNTABLE_BUCKETS) await empty(app, bucket, bucket !== '360')
  if (!(await app.storage.client.bucketExists('360'))) await app.storage.client.makeBucket('360')
})
const BYTES = Buffer.from('not really a jpeg')

async function viewer(): Promise<{
  status: number
  body: TurntableListing
  headers: Record<string, unknown>
}> {
  const res = await t.app.inject({ method: 'GET', url: '/api/turntable' })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function put(bucket: string, ...keys: string[]) {
  if (!(await t.storage.client.bucketExists(bucket))) await t.storage.client.makeBucket(bucket)
  for (const key of keys) await t.storage.client.putObject(bucket, key, BYTES, BYTES.length)
}

async function empty(app: TestApp, bucket: string, remove = false) {
  const client = app.storage.client
  if (!(await client.bucketExists(bucket))) return
  const keys: string[] = []
  for await (const item of client.listObjectsV2(bucket, '', true)) if (item.name) keys.push(item.name)
  if (keys.length) await client.removeObjects(bucket, keys)
  if (remove) await client.removeBucket(bucket)
}

describe('GET /api/turntable', () => {
  it('reports no bucket at all when storage is empty', async () => {
    const { status, body, headers } = await viewer()
    expect(status).toBe(200)
    expect(body).toEqual({ bucket: null, images: [] })
    expect(headers['cache-control']).toBe('no-cache')
    expect(listingProblem(body)).toBe(
      'No images found in any storage bucket. Please check that your images were uploaded correctly to the "360" bucket.',
    )
  })

  it('treats missing buckets like empty ones', async () => {
    await empty(t, '360', true)
    try {
      const { status, body } = await viewer()
      expect(status).toBe(200)
      expect(body).toEqual({ bucket: null, images: [] })
    } finally {
      await t.storage.client.makeBucket('360')
    }
  })

  it('falls back to the next bucket with files, filtered and sorted numerically', async () => {
    await put('images', 'frame_10.jpg', 'frame_2.jpg', 'frame_1.webp', 'notes.txt', '0_66.png', 'hero/x.png')
    const { body } = await viewer()
    expect(body.bucket).toBe('images')
    expect(body.images).toEqual([
      { name: 'frame_1.webp', url: '/media/images/frame_1.webp' },
      { name: 'frame_2.jpg', url: '/media/images/frame_2.jpg' },
      { name: 'frame_10.jpg', url: '/media/images/frame_10.jpg' },
    ])
  })

  it('prefers 360, leaving out the hero frames (own folder or 0_ names) and non-images', async () => {
    await put(
      '360',
      'rm5_2.JPG',
      'rm5_10.jpeg',
      'rm5_1.jpg',
      '0_0.png',
      'hero/0_66.png',
      'readme.txt',
      'thumbs.db',
    )
    const { body } = await viewer()
    expect(body.bucket).toBe('360')
    expect(body.images.map((i) => i.name)).toEqual(['rm5_1.jpg', 'rm5_2.JPG', 'rm5_10.jpeg'])
    expect(body.images[0]?.url).toBe('/media/360/rm5_1.jpg')
  })

  it('uses the first bucket with files even when none of them is an image', async () => {
    await empty(t, '360')
    await put('360', 'readme.txt')
    const { body } = await viewer()
    expect(body).toEqual({ bucket: '360', images: [] })
    expect(listingProblem(body)).toBe('No image files found in bucket "360"')
  })

  it('never lists responsive variants as frames, nor counts a bucket holding only variants', async () => {
    await empty(t, '360')
    await put('images', 'frame_1.jpg')
    await put('360', 'rm5_1.w640.avif', 'rm5_1.w640.webp', 'rm5_1.w640.jpg', 'rm5_1.w1920.avif')
    const onlyVariants = await viewer()
    // 360 holds nothing but variants: the viewer goes on to the next bucket with files (`images`).
    expect(onlyVariants.body.bucket).toBe('images')
    await put('360', 'rm5_2.jpg', 'rm5_10.jpg', 'rm5_2.w960.jpg', 'rm5_10.w640.webp')
    const { body } = await viewer()
    expect(body.bucket).toBe('360')
    expect(body.images.map((i) => i.name)).toEqual(['rm5_2.jpg', 'rm5_10.jpg'])
  })

  it('caps a large turn at 100 frames spread over the whole sequence', async () => {
    await empty(t, '360')
    const names = Array.from({ length: 130 }, (_, i) => `turn_${i + 1}.jpg`)
    await put('360', ...names)
    const { body } = await viewer()
    expect(body.images).toHaveLength(100)
    expect(body.images[0]?.name).toBe('turn_1.jpg')
    expect(body.images[1]?.name).toBe('turn_2.jpg')
    expect(body.images.at(-1)?.name).toBe('turn_129.jpg')
    const numbers = body.images.map((i) => Number(/\d+/.exec(i.name)?.[0]))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  })

  it('answers 503 storage_unavailable when storage fails', async () => {
    const client = t.storage.client
    const original = client.listObjectsV2.bind(client)
    client.listObjectsV2 = (() => {
      const stream = new Readable({ objectMode: true, read() {} })
      setImmediate(() =>
        stream.destroy(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      )
      return stream
    }) as unknown as typeof client.listObjectsV2
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/turntable' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
      })
    } finally {
      client.listObjectsV2 = original
    }
  })
})

// Counters are in memory here (createTestApp sets no REDIS_URL) and belong to this file's app, and
// each case uses client addresses no other request in this file uses: the counts are exact.
describe('GET /api/turntable per-client limit', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/turntable', remoteAddress, headers })

  it('answers 120 requests a minute from one client, then 429 with Retry-After; others still get 200', async () => {
    const client = '203.0.113.120'
    // Concurrent requests share one storage listing, so the 120 cost a few listings, not 120.
    const allowed = await Promise.all(Array.from({ length: 120 }, () => from(client)))
    expect(allowed.map((res) => res.statusCode)).toEqual(Array(120).fill(200))

    const limited = await from(client)
    expect(limited.statusCode).toBe(429)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers['content-type']).toMatch(/^application\/json/)
    expect(limited.json()).toEqual(
      apiError(
        'rate_limited',
        `Too many requests. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      ),
    )

    // Without TRUST_PROXY the client address is the socket's: a forged X-Forwarded-For is no way out.
    expect((await from(client, { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(429)
    // Another client is not affected.
    expect((await from('203.0.113.121')).statusCode).toBe(200)
  })
})
