// Unknown paths are limited per client IP (60 a minute): a scanner walking a word list gets 429
// and, once over the limit, no more page renders; everyone else is unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { summary, timed } from '../helpers/latency.ts'
import { apiError, NOT_FOUND_LIMIT } from '../helpers/promised.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { rateLimitPrefix: limitPrefix() },
  })
})
afterAll(async () => {
  await t?.close()
})

const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress })

describe('unknown paths', () => {
  it('answers JSON 404 for unknown API paths and HTML 404 for unknown pages', async () => {
    const api = await get('/api/does-not-exist', '198.51.100.1')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual(apiError('not_found', 'No route for GET /api/does-not-exist'))
    const page = await get('/does-not-exist', '198.51.100.1')
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
  })

  it(`limits one client to ${NOT_FOUND_LIMIT.max} a minute, then answers 429 without rendering`, async () => {
    const scanner = '198.51.100.2'
    const renders: number[] = []
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      // Page 404s, client-side navigation 404s (pageContext.json) and API 404s share one budget.
      const url = [`/wp-admin-${i}.php`, `/scan-${i}/index.pageContext.json`, `/api/scan-${i}`][
        i % 3
      ] as string
      const { ms, value } = await timed(() => get(url, scanner))
      expect([404, 200], url).toContain(value.statusCode)
      if (i % 3 === 0) renders.push(ms)
    }
    const limited = await get('/wp-login.php', scanner)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().error.code).toBe('rate_limited')

    // Over the limit, a path that would need a render is refused before rendering: fast.
    const refused: number[] = []
    for (let i = 0; i < 50; i++) {
      const { ms, value } = await timed(() => get(`/more-${i}`, scanner))
      expect(value.statusCode).toBe(429)
      refused.push(ms)
    }
    console.log(`404 limit: rendered 404s ${summary(renders)}; refused (429, no render) ${summary(refused)}`)

    // Pre-rendered pages stay available to that client (they cost a map lookup), and other
    // clients are not affected at all.
    expect((await get('/', scanner)).statusCode).toBe(200)
    expect((await get('/nothing-here', '198.51.100.3')).statusCode).toBe(404)
  })

  it('counts unknown paths of any method', async () => {
    const client = '198.51.100.4'
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/nope-${i}`,
        remoteAddress: client,
        payload: {},
      })
      expect(res.statusCode).toBe(404)
    }
    const res = await t.app.inject({ method: 'DELETE', url: '/api/nope', remoteAddress: client })
    expect(res.statusCode).toBe(429)
  })
})
