// /media against a real embedded S3 (s3rver) in a temporary DATA_DIR.
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { physicalBucket } from '../../lib/buckets.ts'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { buildMediaApp } from '../helpers/media-app.ts'
import { apiError } from '../helpers/promised.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'

const quiet = quietStorageLog
const IMAGE = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')
const buildApp = (storage: Storage) => buildMediaApp(storage)

let dataDir: string
let storage: Storage
let app: FastifyInstance

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-media-'))
  storage = await openStorage(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }), quiet)
  await storage.ensureBuckets()
  await storage.client.putObject('360', 'rm5_1.jpg', IMAGE, IMAGE.length, { 'Content-Type': 'image/jpeg' })
  await storage.client.putObject('360', 'hero/0_66.png', IMAGE, IMAGE.length)
  await storage.client.putObject('heros', 'home.jpg', IMAGE, IMAGE.length)
  await storage.client.putObject('video', 'rm5-demo.m3u8', '#EXTM3U\n', 8)
  await storage.client.putObject('video', 'rm5-demo/seg_000.ts', IMAGE, IMAGE.length)
  app = await buildApp(storage)
}, 30_000)

afterAll(async () => {
  await app?.close()
  await storage?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('embedded storage', () => {
  it('creates the required buckets with physical names and publishes s3.json', async () => {
    const names = (await storage.client.listBuckets()).map((b) => b.name).sort()
    expect(names).toEqual(['360', 'heros', 'video'])
    const state = JSON.parse(await readFile(join(dataDir, 's3.json'), 'utf8'))
    expect(state.pid).toBe(process.pid)
    expect(storage.embedded).toBe(true)
    await expect(storage.ping()).resolves.toBeUndefined()
  })

  it('lets a second opener attach to the running server instead of starting another', async () => {
    const second = await openStorage(parseEnv({ DATA_DIR: dataDir }), quiet)
    try {
      const stat = await second.client.statObject('360', 'rm5_1.jpg')
      expect(stat.size).toBe(IMAGE.length)
    } finally {
      await second.close()
    }
    // Closing an attached client must not stop the owner's server or remove its state file.
    await expect(stat(join(dataDir, 's3.json'))).resolves.toBeTruthy()
    await expect(storage.ping()).resolves.toBeUndefined()
  })

  it('builds public URLs from logical names, encoding key segments', () => {
    expect(storage.publicUrl('Heros', 'home.jpg')).toBe('/media/Heros/home.jpg')
    expect(storage.publicUrl('360', 'hero/0 66#.png')).toBe('/media/360/hero/0%2066%23.png')
  })
})

describe('GET /media/:bucket/*', () => {
  it('streams an object with type, validators and cache policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/360/rm5_1.jpg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers.etag).toBe(`"${md5(IMAGE)}"`)
    expect(res.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400')
    expect(res.headers['last-modified']).toEqual(expect.any(String))
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-length']).toBe(String(IMAGE.length))
    expect(res.rawPayload.equals(IMAGE)).toBe(true)
  })

  it('types HLS playlists and segments', async () => {
    const playlist = await app.inject({ url: '/media/video/rm5-demo.m3u8' })
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl')
    const segment = await app.inject({ url: '/media/video/rm5-demo/seg_000.ts' })
    expect(segment.headers['content-type']).toBe('video/mp2t')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/media/360/rm5_1.jpg' })
    const res = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(res.statusCode).toBe(304)
    expect(res.body).toBe('')
    expect(res.headers.etag).toBe(first.headers.etag)
    const changed = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { 'if-none-match': '"other"' } })
    expect(changed.statusCode).toBe(200)
  })

  it('serves a byte range with 206 and Content-Range', async () => {
    const res = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=0-9' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 0-9/${IMAGE.length}`)
    expect(res.headers['content-length']).toBe('10')
    expect(res.rawPayload.equals(IMAGE.subarray(0, 10))).toBe(true)
  })

  it('serves a suffix range', async () => {
    const res = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=-16' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 240-255/${IMAGE.length}`)
    expect(res.rawPayload.equals(IMAGE.subarray(240))).toBe(true)
  })

  it('answers 416 to an unsatisfiable range', async () => {
    const res = await app.inject({ url: '/media/360/rm5_1.jpg', headers: { range: 'bytes=1000-' } })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${IMAGE.length}`)
    expect(res.json()).toEqual(apiError('range_not_satisfiable'))
  })

  it('ignores Range when If-Range names an old version', async () => {
    const res = await app.inject({
      url: '/media/360/rm5_1.jpg',
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(IMAGE.length)
  })

  it('answers HEAD with headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/media/360/rm5_1.jpg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(IMAGE.length))
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers.etag).toBe(`"${md5(IMAGE)}"`)
    expect(res.body).toBe('')
  })

  it('serves keys in folders', async () => {
    const res = await app.inject({ url: '/media/360/hero/0_66.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
  })

  it('serves the logical bucket Heros from the physical bucket heros', async () => {
    expect(physicalBucket('Heros')).toBe('heros')
    const res = await app.inject({ url: '/media/Heros/home.jpg' })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(IMAGE)).toBe(true)
    const physical = await app.inject({ url: '/media/heros/home.jpg' })
    expect(physical.statusCode).toBe(200)
  })

  it.each([
    '/media/360/..%2F..%2Fetc/passwd',
    '/media/360/..%2f..%2fetc/passwd',
    '/media/360/a%5Cb.jpg',
    '/media/360/a%5c..%5cb.jpg',
    '/media/360/a%00.jpg',
    '/media/360/a//b.jpg',
    `/media/360/${'a'.repeat(513)}`,
  ])('rejects %s with 400', async (url) => {
    const res = await app.inject({ url })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(apiError('invalid_key'))
  })

  it('rejects dot segments that reach the server unnormalised', async () => {
    // inject normalises /a/../b (and %2E%2E) like a browser would, so send the raw path over a real socket.
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    for (const path of [
      '/media/360/a/../b',
      '/media/360/./rm5_1.jpg',
      '/media/360/%2E%2E/secret',
      '/media/360/a\\b.jpg',
    ]) {
      const res = await fetchRaw(address, path)
      expect(res.status, path).toBe(400)
      expect(JSON.parse(res.body).error.code).toBe('invalid_key')
    }
  })

  it('answers 404 JSON for an unknown bucket, a missing key or a bare bucket', async () => {
    for (const url of [
      '/media/nope/rm5_1.jpg',
      '/media/360/missing.jpg',
      '/media/images/a.jpg',
      '/media/360',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code, url).toMatch(/^(unknown_bucket|not_found)$/)
    }
  })
})

describe('storage down', () => {
  it('answers 503 storage_unavailable once storage is closed, and ping fails fast', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rm5-media-down-'))
    const down = await openStorage(parseEnv({ DATA_DIR: dir }), quiet)
    const downApp = await buildApp(down)
    try {
      await down.close()
      const started = Date.now()
      await expect(down.ping()).rejects.toThrow()
      expect(Date.now() - started).toBeLessThan(2500)
      const res = await downApp.inject({ url: '/media/360/rm5_1.jpg' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
      })
      await expect(stat(join(dir, 's3.json'))).rejects.toThrow()
    } finally {
      await downApp.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('storage that accepts connections but never answers', () => {
  it('fails ping within about two seconds', async () => {
    const { createServer } = await import('node:net')
    const sockets: import('node:net').Socket[] = []
    const hole = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve))
    const { port } = hole.address() as import('node:net').AddressInfo
    const stuck = await openStorage(
      parseEnv({ S3_ENDPOINT: `http://127.0.0.1:${port}`, NODE_ENV: 'test' }),
      quiet,
    )
    try {
      expect(stuck.embedded).toBe(false)
      const started = Date.now()
      await expect(stuck.ping()).rejects.toThrow(/timed out/)
      expect(Date.now() - started).toBeLessThan(2600)
    } finally {
      await stuck.close()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => hole.close(resolve))
    }
  })
})

/** A GET that sends the path byte for byte (fetch and inject would normalise dot segments). */
async function fetchRaw(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { connect } = await import('node:net')
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`)
    })
    let raw = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      raw += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => {
      const status = Number(raw.slice(9, 12))
      const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
      resolve({ status, body: decodeChunked(body) })
    })
  })
}

function decodeChunked(body: string): string {
  if (!/^[0-9a-f]+\r\n/i.test(body)) return body
  let out = ''
  let rest = body
  for (;;) {
    const lineEnd = rest.indexOf('\r\n')
    const size = Number.parseInt(rest.slice(0, lineEnd), 16)
    if (!size) return out
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size)
    rest = rest.slice(lineEnd + 2 + size + 2)
  }
}
