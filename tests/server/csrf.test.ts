import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { apiError } from '../helpers/promised.ts'

let t: TestApp
beforeAll(async () => {
  // A state-changing route of the test's own, so this file does not depend on feature routes.
  t = await createTestApp({
    env: { SITE_URL: 'https://rm5.example' },
    routes: (app) => app.post('/api/echo', async () => ({ ok: true })),
  })
})
afterAll(async () => {
  await t?.close()
})

const post = (headers: Record<string, string>, payload = '{}') =>
  t.app.inject({
    method: 'POST',
    url: '/api/echo',
    headers: { host: 'localhost:80', 'content-type': 'application/json', ...headers },
    payload,
  })

describe('CSRF protection', () => {
  it('refuses a cross-site browser POST with 403', async () => {
    const res = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(apiError('cross_site_request', 'Cross-site requests are not allowed.'))
  })

  it('refuses a foreign Origin even without Sec-Fetch-Site', async () => {
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403)
  })

  it('accepts same-origin browser requests (own host or the configured site origin)', async () => {
    expect((await post({ origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    )
    expect((await post({ origin: 'https://rm5.example' })).statusCode).toBe(200)
  })

  it('accepts non-browser JSON clients that send no Origin', async () => {
    expect((await post({})).statusCode).toBe(200)
  })

  it('leaves other content types to the body parser (415)', async () => {
    const res = await post({ 'content-type': 'text/plain', origin: 'http://localhost:80' }, 'hello')
    expect(res.statusCode).toBe(415)
  })

  it('never blocks safe methods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).not.toBe(403)
  })
})
