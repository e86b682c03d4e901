// /livez, /readyz (and its older name /healthz) on the real app with real Postgres, storage and
// Redis. Ready means "can serve": only the database (unreachable, or its schema behind this
// release) makes /readyz fail; with Redis and storage stopped (pointed at dead ports) the app is
// degraded (said in the body, in rm5_dependency_up and in the log) and keeps serving its pages.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server.ts'
import { openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage } from '../../server/storage/storage.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { logLines } from '../helpers/log-lines.ts'
import { sample } from '../helpers/metrics-sample.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { expectedReleaseVersion } from '../helpers/release-version.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
// Nothing listens on port 1: a stopped service, as the app sees it.
const DEAD = '127.0.0.1:1'
const METRICS_TOKEN = 'metrics-token-for-probe-tests-0123'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL } })
})
afterAll(async () => {
  await t?.close()
})

describe('probes', () => {
  it('/livez answers while the process runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it.each(['/readyz', '/healthz'])('%s is 200 when Postgres, storage and Redis answer', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'ok',
      version: expectedReleaseVersion(),
      checks: { database: 'ok', storage: 'ok', redis: 'ok' },
    })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('/readyz is 503 naming the database when it fails, without its error text', async () => {
    const original = t.db.ping
    t.db.ping = async () => {
      throw new Error('connection refused')
    }
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        version: expectedReleaseVersion(),
        down: ['database'],
        message: 'Unavailable: database',
        checks: { database: 'down', storage: 'ok', redis: 'ok' },
      })
      expect(res.body).not.toMatch(/connection refused/)
      // Alive all the same: a restart would not bring the database back.
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200)
    } finally {
      t.db.ping = original
    }
  })

  it('/readyz has no Redis check without REDIS_URL', async () => {
    const app = await createTestApp()
    try {
      const res = await app.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.json()).toEqual({
        status: 'ok',
        version: expectedReleaseVersion(),
        checks: { database: 'ok', storage: 'ok' },
      })
    } finally {
      await app.close()
    }
  })
})

describe('readiness follows the schema', () => {
  it('is 503 "behind" while a migration this release carries is not applied, ready again once it is', async () => {
    const app = await createTestApp()
    const query = (sql: string) => app.db.prisma.$executeRawUnsafe(sql)
    try {
      const [last] = await app.db.prisma.$queryRawUnsafe<{ migration_name: string }[]>(
        'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
      )
      await query(
        `UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '${last?.migration_name}'`,
      )
      const behind = await app.app.inject({ method: 'GET', url: '/readyz' })
      expect(behind.statusCode).toBe(503)
      expect(behind.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: 'behind' },
        down: ['database'],
      })
      await query(
        `UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = '${last?.migration_name}'`,
      )
      expect((await app.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('is ready on a newer schema (a migration of a later release applied, expand/contract)', async () => {
    const app = await createTestApp()
    try {
      await app.db.prisma.$executeRawUnsafe(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ('later', 'x', '99991231000000_from_a_later_release', now(), now(), 1)`,
      )
      const res = await app.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } })
    } finally {
      await app.close()
    }
  })
})

describe('with Redis and storage stopped', () => {
  it('stays ready, says degraded in its body, metrics and log, and serves its pages', async () => {
    const testDb = await createTestDatabase()
    const env = parseEnv({
      ...testDb.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REDIS_URL: `redis://${DEAD}`,
      S3_ENDPOINT: `http://${DEAD}`,
      S3_ACCESS_KEY: 'stopped',
      S3_SECRET_KEY: 'stopped-storage-secret',
      METRICS_TOKEN,
    })
    const db = await openDatabase(env, silentLogger)
    const storage = await openStorage(env, quietStorageLog)
    const log = logLines()
    const app = await buildApp({
      env,
      db,
      storage,
      logger: { level: 'warn', stream: log.stream },
      pages: { mode: 'production', root: currentBuildRoot() },
    })
    try {
      await app.ready()
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toEqual({
        status: 'degraded',
        version: expectedReleaseVersion(),
        checks: { database: 'ok', storage: 'down', redis: 'down' },
        degraded: ['storage', 'redis'],
      })

      const metrics = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
      for (const [dependency, required, value] of [
        ['database', 'true', 1],
        ['storage', 'false', 0],
        ['redis', 'false', 0],
      ] as const)
        expect(sample(metrics.body, 'rm5_dependency_up', { dependency, required }), dependency).toBe(value)

      const degradedLines = log.lines
        .map((line) => JSON.parse(line) as { msg: string; dependency?: string })
        .filter((line) => line.msg === 'dependency unavailable: serving degraded')
      expect(degradedLines.map((line) => line.dependency).sort()).toEqual(['redis', 'storage'])

      // Pages need neither.
      for (const url of ['/', '/company', '/technology'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    } finally {
      await app.close()
      await Promise.allSettled([db.close(), storage.close()])
      await testDb.drop()
    }
  })
})
