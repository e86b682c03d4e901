// Cookieless visitor analytics counted on the server (issue 47, decision 065), against the built
// pages, a real Postgres and the `rm5` bundle: what counts as a page view and a visitor, what
// counts nothing, a gate opened, a goal credited to the source of the visit, and the console's
// Visitors page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { publicPaths } from '../../lib/routes.ts'
import { seedCode, verify } from '../helpers/access.ts'
import { signIn } from '../helpers/admin-console.ts'
import { clearAnalytics } from '../helpers/analytics.ts'
import { randomIp } from '../helpers/form-bodies.ts'
import { postForm } from '../helpers/form-posts.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { outputOf, runRm5 } from '../helpers/run-cli.ts'

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const PUBLIC_PAGES = publicPaths

let t: ProductionTestApp

beforeAll(async () => {
  // Behind a proxy on loopback, as the rate limits read the client address (X-Forwarded-For).
  t = await createProductionTestApp({ env: { TRUST_PROXY: 'loopback', ANALYTICS: 'true' } })
}, 300_000)
afterAll(async () => {
  await t?.close()
})
// Tests run in a shuffled order: each starts with no analytics rows.
beforeEach(() => clearAnalytics(t))

/** A browser loading a page through the proxy, for the client address `client`. */
const visit = (url: string, client: string, userAgent: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: '127.0.0.1',
    headers: {
      'x-forwarded-for': client,
      'user-agent': userAgent,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
      ...headers,
    },
  })

/** Waits for the hits of answered requests to be written: the queue's own flush, no sleeping. */
const written = async () => {
  await t.app.analytics?.flush()
}
const counts = async () => ({
  views: await t.db.prisma.analyticsView.count(),
  goals: await t.db.prisma.analyticsGoal.count(),
})
const rm5 = (args: string[]) => runRm5(['analytics', ...args], { DATABASE_URL: t.directUrl })

describe('visitor analytics', () => {
  it('sets no cookie and no storage on any public page, with analytics on', async () => {
    expect(t.app.analytics).toBeDefined()
    for (const path of [...PUBLIC_PAGES, '/circlek', '/walmart']) {
      for (let load = 0; load < 2; load++) {
        const res = await visit(path, '198.51.100.7', FIREFOX)
        expect(res.statusCode, path).toBe(200)
        expect(res.headers['set-cookie'], path).toBeUndefined()
        expect(res.body, path).not.toMatch(/localStorage|sessionStorage|document\.cookie/)
      }
    }
  })

  it('counts 20 visits from 10 client addresses and 2 browsers as 20 views of 10 to 20 visitors', async () => {
    for (let n = 0; n < 20; n++) {
      const res = await visit(
        PUBLIC_PAGES[n % PUBLIC_PAGES.length] as string,
        `203.0.113.${(n % 10) + 1}`,
        n % 2 === 0 ? FIREFOX : IPHONE,
      )
      expect(res.statusCode).toBe(200)
    }
    await written()
    expect((await counts()).views).toBe(20)
    const summary = JSON.parse(outputOf(await rm5(['summary', '--json']), 'rm5 analytics summary'))
    expect(summary.totals.views).toBe(20)
    expect(summary.totals.visitors).toBeGreaterThanOrEqual(10)
    expect(summary.totals.visitors).toBeLessThanOrEqual(20)
    // Nothing of the address or the browser is stored: only its hash, device class and family.
    const rows = await t.db.prisma.analyticsView.findMany()
    const stored = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value))
    expect(stored).not.toContain('203.0.113.')
    expect(stored).not.toContain('Gecko')
    expect(new Set(rows.map((row) => row.device))).toEqual(new Set(['desktop', 'mobile']))
    expect(new Set(rows.map((row) => row.browser))).toEqual(new Set(['Firefox', 'Safari']))
  })

  it('counts nothing for a bot, a prefetch, a prerender, the console, an API call or a sub-resource', async () => {
    const before = await counts()
    expect((await visit('/company', '203.0.113.50', GOOGLEBOT)).statusCode).toBe(200)
    expect((await visit('/company', '203.0.113.51', FIREFOX, { 'sec-purpose': 'prefetch' })).statusCode).toBe(
      200,
    )
    expect((await visit('/company', '203.0.113.52', FIREFOX, { purpose: 'prefetch' })).statusCode).toBe(200)
    expect(
      (await visit('/company', '203.0.113.53', FIREFOX, { 'sec-purpose': 'prefetch;prerender' })).statusCode,
    ).toBe(200)
    expect(
      (await visit('/company', '203.0.113.54', FIREFOX, { 'sec-fetch-dest': 'iframe' })).statusCode,
    ).toBe(200)
    for (const [path, client] of [
      ['/admin', '203.0.113.55'],
      ['/admin/sign-in', '203.0.113.56'],
      ['/api/turntable', '203.0.113.57'],
      ['/docket', '203.0.113.58'],
      ['/circlek/proposal', '203.0.113.59'],
      ['/no-such-page', '203.0.113.60'],
    ] as const)
      expect((await visit(path, client, FIREFOX)).statusCode, path).toBeLessThan(500)
    await written()
    expect(await counts()).toEqual(before)
  })

  it('counts a gate opened as a goal, and neither a code refused nor the API call that refused it', async () => {
    await seedCode(t.db, 'circlek', 'circle-k-analytics-1')
    const from = (client: string) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client, 'user-agent': FIREFOX },
    })
    const opened = await verify(
      t.app,
      { retailer: 'circlek', accessCode: 'circle-k-analytics-1' },
      from(randomIp()),
    )
    expect(opened.json()).toEqual({ success: true })
    const refused = await verify(
      t.app,
      { retailer: 'circlek', accessCode: 'circle-k-analytics-2' },
      from(randomIp()),
    )
    expect(refused.json()).toEqual({ success: false })
    await written()
    expect((await t.db.prisma.analyticsGoal.findMany()).map((row) => row.goal)).toEqual(['gate'])
    expect(await t.db.prisma.analyticsView.count()).toBe(0)
  })

  it('credits an application sent after arriving from ?utm_source=newsletter to "newsletter", in the CLI and the console', async () => {
    const client = randomIp()
    expect((await visit('/?utm_source=newsletter&utm_medium=email', client, FIREFOX)).statusCode).toBe(200)
    expect((await visit('/apply', client, FIREFOX, { referer: 'http://127.0.0.1:3000/' })).statusCode).toBe(
      200,
    )
    const sent = await postForm(
      t.app,
      '/api/applications',
      {
        companyName: 'Newsletter Market',
        businessType: 'Grocery Store',
        numberOfLocations: '2',
        contactName: 'Noor Reader',
        email: 'noor@example.com',
        phone: '(512) 555-0199',
        idempotencyKey: '',
      },
      { ip: '127.0.0.1', headers: { 'x-forwarded-for': client, 'user-agent': FIREFOX } },
    )
    expect(sent.statusCode, sent.body).toBe(303)
    await written()

    const goals = JSON.parse(outputOf(await rm5(['goals', '--json']), 'rm5 analytics goals'))
    expect(goals.totals.applications).toBe(1)
    const newsletter = goals.sources.find((row: { source: string }) => row.source === 'newsletter')
    expect(newsletter).toMatchObject({
      source: 'newsletter',
      visitors: 1,
      applications: 1,
      applicationRate: 1,
    })
    // The visit's first page, not the page the form was on.
    expect(goals.entryPages.find((row: { page: string }) => row.page === '/')).toMatchObject({
      applications: 1,
    })
    const csv = outputOf(await rm5(['goals', '--csv']), 'rm5 analytics goals --csv')
    expect(csv).toContain('newsletter,1,1,1,0,0\r\n')

    const admin = await signIn(t, 'reader@rm5.example', 'reader')
    const page = await t.app.inject({ url: '/admin/visitors?days=7', headers: { cookie: admin.cookie } })
    expect(page.statusCode).toBe(200)
    const conversions = page.body.slice(page.body.indexOf('id="conversions-title"'))
    expect(conversions).toMatch(
      /<td data-label="Source of the first page">newsletter<\/td><td[^>]*>1<\/td><td[^>]*>1<\/td><td[^>]*>100\.0%<\/td>/,
    )
    expect(page.body).toMatch(/<svg[^>]*role="img"/)
    // The figures count visitors, and say so (the Applications page counts the records).
    expect(page.body).toContain('<h2>Visitors who applied</h2><p class="stat__figure">1</p>')
    expect(page.body).toContain('<h2>Share who applied</h2>')
    const download = await t.app.inject({
      url: '/admin/visitors.csv?table=conversions&days=7',
      headers: { cookie: admin.cookie },
    })
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(download.body).toContain('newsletter,1,1,1,0,0\r\n')
  })

  it('refuses a period the CLI cannot read, as a usage error', async () => {
    const run = await rm5(['summary', '--since', '2026-13-01'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('since must be a date')
  })
})
