// Pages rendered for each request are limited per client holding no grant (SECURITY.md,
// `renderPerRequest`): every other page such a visitor can ask for is kept, so this is what bounds
// the renders one client can make the server do. A partner's own requests are not counted.
import { describe, expect, it } from 'vitest'
import { grantCookie, limitPrefix, verify } from '../helpers/access.ts'
import { productionAppForFile } from '../helpers/production-app.ts'
import { RENDER_PER_REQUEST_LIMIT } from '../helpers/promised.ts'

const t = productionAppForFile({ access: { rateLimitPrefix: limitPrefix() } })

// A made-up token of the right shape: the page renders it into its form, for each request.
const LINK_PAGE = `/access/link?token=${'a'.repeat(43)}&gate=circlek`
const get = (url: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} })

describe('pages rendered for each request', () => {
  it(`are limited to ${RENDER_PER_REQUEST_LIMIT.max} a minute for a client without a grant, then 429 without rendering`, async () => {
    const client = '198.51.100.20'
    for (let i = 0; i < RENDER_PER_REQUEST_LIMIT.max; i++) {
      const res = await get(LINK_PAGE, client)
      expect(res.statusCode, `request ${i + 1}`).toBe(200)
      expect(res.body).toContain('Continue to the docket')
    }
    const limited = await get(LINK_PAGE, client)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().error).toMatchObject({ code: 'rate_limited' })
    expect(limited.json().error.message).toMatch(
      /^Too many requests for this page\. Try again in \d+ seconds?\.$/,
    )
    expect(limited.body).not.toContain('Continue to the docket')

    // Kept pages, a gate's notice among them, stay available to that client; other clients are not affected.
    expect((await get('/', client)).statusCode).toBe(200)
    expect((await get('/circlek?error=invalid', client)).statusCode).toBe(200)
    expect((await get(LINK_PAGE, '198.51.100.21')).statusCode).toBe(200)
  })

  it('do not count a client holding a grant', async () => {
    const partner = '198.51.100.22'
    const cookie = grantCookie(await verify(t.app, { retailer: 'walmart' }))
    for (let i = 0; i <= RENDER_PER_REQUEST_LIMIT.max; i++) {
      const res = await get(LINK_PAGE, partner, cookie)
      expect(res.statusCode, `request ${i + 1}`).toBe(200)
    }
  })
})
