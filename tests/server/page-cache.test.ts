// Pages are kept per URL path and verified grants (server/vike/page-cache.server.ts), and guards
// run only inside Vike: once filled, the cache must still never answer a request without a valid
// grant, what it serves must carry nothing of the visitor who filled it, and kept answers are
// still recorded as openings.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { grantCookie, limitPrefix, seedCode, testClock, verify } from '../helpers/access.ts'
import { BACKGROUND_WORK } from '../helpers/background-work.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'

const CODE = 'circle-k-cache-01'
const clock = testClock()
let t: ProductionTestApp

beforeAll(async () => {
  t = await createProductionTestApp({
    access: { now: clock.now, rateLimitPrefix: limitPrefix() },
  })
  await seedCode(t.db, 'circlek', CODE)
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const circlekGrant = async () => grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: CODE }))
const walmartGrant = async () => grantCookie(await verify(t.app, { retailer: 'walmart' }))

describe('kept /docket', () => {
  it('still redirects every request without a valid grant once the cache is filled', async () => {
    const walmart = await walmartGrant()
    const first = await get('/docket', { cookie: walmart })
    const second = await get('/docket', { cookie: walmart })
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    for (const cookie of [undefined, 'walmart-access=granted', `circlek-access=${walmart.split('=')[1]}`]) {
      const res = await get('/docket', cookie ? { cookie } : {})
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/')
      expect(res.body).not.toContain('Meet the')
    }
  })

  it('serves the same bytes to every holder of the same grants, with nothing of the visitor in them', async () => {
    // Two people, each their own session at the same gate: the page names the partner (its
    // session bar and documents), never the person, so one kept render serves both.
    const first = await walmartGrant()
    const second = await walmartGrant()
    expect(second).not.toBe(first)
    const a = await get('/docket', { cookie: first })
    const b = await get('/docket', { cookie: second })
    expect(a.body).toBe(b.body)
    for (const cookie of [first, second]) expect(a.body).not.toContain(cookie.split('=')[1])
    expect(a.headers['cache-control']).toBe('private, no-store')
    expect(a.headers['set-cookie']).toBeUndefined()
  })

  it('answers the on-demand render with its CSS in one <style>, like the pre-rendered pages', async () => {
    const res = await get('/docket', { cookie: await walmartGrant() })
    expect(res.statusCode).toBe(200)
    expect(res.body.match(/<style>/g)).toHaveLength(1)
    expect(res.body).toContain('--accent:') // a rule of renderer/site.css, inlined
    expect(res.body).not.toMatch(/<link[^>]*rel="stylesheet"/)
    // The same HTML-only page with its islands as the home page (decisions 020, 023).
    expect(res.body).toContain('data-island="hero-video"')
  })

  it('keeps the proposal for circlek holders: a docket-only grant is still redirected', async () => {
    const circlek = await circlekGrant()
    expect((await get('/circlek/proposal', { cookie: circlek })).statusCode).toBe(200)
    expect((await get('/circlek/proposal', { cookie: circlek })).statusCode).toBe(200)
    const refused = await get('/circlek/proposal', { cookie: await walmartGrant() })
    expect(refused.statusCode).toBe(302)
    expect(refused.headers.location).toBe('/circlek')
  })

  it('answers compressed variants and 304 for a matching ETag', async () => {
    const walmart = await walmartGrant()
    const first = await get('/docket', { cookie: walmart })
    let br = await get('/docket', { cookie: walmart, 'accept-encoding': 'br' })
    // The compressed variants are made off the request path: wait until they are there.
    await vi.waitFor(async () => {
      br = await get('/docket', { cookie: walmart, 'accept-encoding': 'br' })
      expect(br.headers['content-encoding']).toBe('br')
    }, BACKGROUND_WORK)
    const etag = String(first.headers.etag ?? br.headers.etag)
    const notModified = await get('/docket', { cookie: walmart, 'if-none-match': etag })
    expect(notModified.statusCode).toBe(304)
    expect((await get('/docket', { 'if-none-match': etag })).statusCode).toBe(302)
  })

  it('records every opening, cached or rendered', async () => {
    const walmart = await walmartGrant()
    const openings = async () => {
      await t.app.access.activity.flush()
      const { _sum } = await t.db.prisma.docketView.aggregate({
        where: { retailer: 'walmart' },
        _sum: { count: true },
      })
      return _sum.count ?? 0
    }
    const before = await openings()
    for (let i = 0; i < 3; i++) expect((await get('/docket', { cookie: walmart })).statusCode).toBe(200)
    expect(await openings()).toBe(before + 3)
  })

  it('keeps the render of the path alone: no query string or header of the first visitor in it', async () => {
    const first = await get('/technology?utm_source=first-visitor', { 'accept-language': 'xx-first' })
    const second = await get('/technology')
    expect(first.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(first.body).not.toContain('first-visitor')
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  })
})

describe('a path typed with capitals', () => {
  it('leads to the page or gate it names, query kept; any other stays a 404', async () => {
    for (const [typed, page] of [
      ['/Technology', '/technology'],
      ['/TECHNOLOGY', '/technology'],
      ['/CircleK', '/circlek'],
      ['/CIRCLEK?error=invalid', '/circlek?error=invalid'],
    ] as const) {
      const res = await get(typed)
      expect([typed, res.statusCode, res.headers.location]).toEqual([typed, 301, page])
      expect((await get(page)).statusCode, page).toBe(200)
    }
    expect((await get('/No-Such-Page')).statusCode).toBe(404)
    expect((await get('/Docket')).statusCode).toBe(404)
  })
})
