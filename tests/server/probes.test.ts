// /livez, /readyz (and its older name /healthz) on the real app with real Postgres, storage and
// Redis; a Redis that is configured but unreachable is named by the readiness probe.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { createTestApp, type TestApp } from '../helpers/app.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

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
      version: packageJson.version,
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
        version: packageJson.version,
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

  it('/readyz names Redis when REDIS_URL points at nothing', async () => {
    const app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })
    try {
      const res = await app.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ down: ['redis'], checks: { database: 'ok', storage: 'ok' } })
    } finally {
      await app.close()
    }
  })

  it('/readyz has no Redis check without REDIS_URL', async () => {
    const app = await createTestApp()
    try {
      const res = await app.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.json()).toEqual({
        status: 'ok',
        version: packageJson.version,
        checks: { database: 'ok', storage: 'ok' },
      })
    } finally {
      await app.close()
    }
  })
})
