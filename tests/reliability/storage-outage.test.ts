// Object storage cut for real: the app speaks S3 to the embedded s3rver only through a TCP proxy
// of the test's own. While it is cut, /media and the viewer answer 503 quickly, /healthz stays
// ready and names storage as degraded, pages and form submissions keep working; once restored,
// media serve again without a restart.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { embeddedCredentials } from '../../server/storage/embedded-auth.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { summary, timed } from '../helpers/latency.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { openTestStorage } from '../helpers/storage.ts'
import { type CutMode, startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

const IMAGE = Buffer.from('bytes of a media object')
const MEDIA = '/media/360/rm5_1.jpg'

let testDb: TestDatabase
let db: Database
let embedded: Storage
let proxied: Storage
let proxy: TcpProxy
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...testDb.env })
  db = await openDatabase(env, silentLogger)
  // The embedded S3 runs in this process; the app reaches it only through the proxy, as it
  // would reach MinIO over the network (S3_ENDPOINT).
  embedded = await openTestStorage(env.DATA_DIR, [{ bucket: '360', key: 'rm5_1.jpg', bytes: IMAGE }])
  const { port } = JSON.parse(await readFile(join(env.DATA_DIR, 's3.json'), 'utf8')) as { port: number }
  proxy = await startTcpProxy({ host: '127.0.0.1', port })
  const credentials = await embeddedCredentials(env.DATA_DIR)
  const proxiedEnv = parseEnv({
    ...testDb.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
    S3_ACCESS_KEY: credentials.accessKey,
    S3_SECRET_KEY: credentials.secretKey,
    // Revalidate on every request: a cut must reach /media even for an object served just before
    // (within a TTL the memory cache would answer 200 without asking storage; tests/server/media-cache).
    MEDIA_CACHE_TTL_SECONDS: '0',
  })
  proxied = await openStorage(proxiedEnv, quietStorageLog)
  app = await buildApp({
    env: proxiedEnv,
    db,
    storage: proxied,
    logger: false,
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { rateLimitPrefix: limitPrefix() },
  })
  await app.ready()
  for (const url of ['/', '/company', '/no-such-page', '/docket', MEDIA, '/healthz'])
    await app.inject({ url })
})

afterAll(async () => {
  await app?.close()
  await Promise.allSettled([proxied?.close(), embedded?.close(), db?.close()])
  await proxy?.close()
  await testDb?.drop()
})

const get = (url: string) => timed(() => app.inject({ method: 'GET', url, remoteAddress: randomIp() }))

async function duringCut(mode: CutMode) {
  await proxy.cut(mode)
  try {
    // All at once, as visitors would send them: pages must not wait behind stalled media.
    const [media, viewer, health, pages, submission] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => get(MEDIA))),
      get('/api/turntable'),
      get('/healthz'),
      Promise.all(['/', '/company', '/no-such-page', '/docket'].map(get)),
      timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/applications',
          remoteAddress: randomIp(),
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify(applicationBody(1)),
        }),
      ),
    ])
    return { media, viewer, health, pages, submission }
  } finally {
    await proxy.restore()
  }
}

describe('storage cut', () => {
  // Every request below is answered while storage is still cut (duringCut restores it only after
  // the last answer): a black hole is answered by the app's own S3 timeouts firing, not by waiting
  // for storage to come back. How long that takes is for the bench, not a test.
  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`media 503 (${mode}), pages and forms unaffected, recovers by itself`, async () => {
      expect((await get(MEDIA)).value.statusCode).toBe(200)
      const cut = await duringCut(mode)

      for (const { value } of cut.media) {
        expect(value.statusCode).toBe(503)
        expect(value.headers['retry-after']).toBe('5')
        expect(value.json()).toEqual({
          error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
        })
      }
      const mediaMs = cut.media.map((r) => r.ms)
      expect(cut.viewer.value.statusCode).toBe(503)
      expect(cut.health.value.statusCode).toBe(200)
      expect(cut.health.value.json()).toMatchObject({
        status: 'degraded',
        checks: { storage: 'down', database: 'ok' },
        degraded: ['storage'],
      })
      const pageStatus = Object.fromEntries(
        cut.pages.map((p, i) => [['/', '/company', '/no-such-page', '/docket'][i], p.value.statusCode]),
      )
      expect(pageStatus).toEqual({ '/': 200, '/company': 200, '/no-such-page': 404, '/docket': 302 })
      expect(cut.submission.value.statusCode).toBe(201)

      // Restored: no restart, the next requests are served.
      const after = await get(MEDIA)
      expect(after.value.statusCode).toBe(200)
      expect(after.value.rawPayload.equals(IMAGE)).toBe(true)
      expect((await get('/healthz')).value.json()).toMatchObject({ status: 'ok' })
      expect((await get('/api/turntable')).value.statusCode).toBe(200)

      console.log(
        `storage cut (${mode}): /media 503 in ${summary(mediaMs)}; pages meanwhile ` +
          `${summary(cut.pages.map((p) => p.ms))}; a submission ${cut.submission.ms.toFixed(0)} ms (201); ` +
          `recovered: /media 200 in ${after.ms.toFixed(0)} ms`,
      )
    }, 30_000)
  }
})
