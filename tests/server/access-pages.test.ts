// The guarded pages through Vike on a real production build: /docket and /circlek/proposal
// (302s decided by +guard.server.ts on the server, also for client-side navigation's
// pageContext.json), the gates (kept, a no-JS error's notice kept as a render of its own) and the
// no-JavaScript form flow end to end; each opening of a guarded page is recorded per code
// (`rm5 codes activity`) and announces the first one of the day for codes marked to notify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { docketActivity, setCodeNotify } from '../../server/access/docket-activity-report.server.ts'
import { removePartner } from '../../server/partners/partner-store.server.ts'
import { grantCookie, limitPrefix, seedCode, testClock, verify, verifyForm } from '../helpers/access.ts'
import { createTestApp } from '../helpers/app.ts'
import { until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { seedPartner } from '../helpers/partners.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { GRANT_LIFETIME_MS, SESSION_CUTOFF_MS } from '../helpers/promised.ts'

const CODE = 'circle-k-pages-01'
const clock = testClock()
let t: ProductionTestApp
let circlekId: string

beforeAll(async () => {
  t = await createProductionTestApp({
    access: { now: clock.now, rateLimitPrefix: limitPrefix() },
  })
  circlekId = await seedCode(t.db, 'circlek', CODE)
  await seedCode(t.db, 'pizzahut', 'pizza-hut-pages-01')
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
const circlekGrant = async () => grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: CODE }))
const walmartGrant = async () => grantCookie(await verify(t.app, { retailer: 'walmart' }))

describe('/docket', () => {
  it('redirects to / without a grant, before rendering anything', async () => {
    const res = await get('/docket')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    expect(res.body).not.toContain('Meet the')
  })

  it('renders the home page, noindex and uncached, for any valid grant', async () => {
    for (const cookie of [await walmartGrant(), await circlekGrant()]) {
      const res = await get('/docket', cookie)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('Meet the RM5')
      expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*"/)
      expect(res.headers['cache-control']).toBe('private, no-store')
      // The grant is never handed to the browser in the page.
      expect(res.body).not.toContain(cookie.split('=')[1])
      expect(res.body).not.toContain('accessGrants')
    }
  })

  it('guards client-side navigation too: the pageContext.json request redirects without a grant', async () => {
    const refused = await get('/docket/index.pageContext.json')
    expect(refused.statusCode).toBe(200)
    expect(refused.json()).toMatchObject({ _urlRedirect: { url: '/', statusCode: 302 } })
    expect(refused.body).not.toContain('pageId')
    const allowed = await get('/docket/index.pageContext.json', await walmartGrant())
    expect(allowed.json()).toMatchObject({ pageId: '/pages/docket' })
    expect(allowed.json()).not.toHaveProperty('_urlRedirect')
  })

  it('redirects (never a 500) for tampered, unsigned, foreign or copied cookies', async () => {
    const real = (await circlekGrant()).split('=')[1] as string
    const cookies = [
      'circlek-access=granted',
      `circlek-access=${real.slice(0, -2)}xx`,
      `circlek-access=${real.split('.').slice(0, 2).join('.')}`,
      `pizzahut-access=${real}`,
      'walmart-access=v2.none.99999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'circlek-access=%ZZ%; walmart-access==;;',
      `investor-access=${'x'.repeat(3000)}`,
    ]
    for (const cookie of cookies) {
      const res = await get('/docket', cookie)
      expect(res.statusCode, cookie.slice(0, 50)).toBe(302)
      expect(res.headers.location).toBe('/')
    }
  })

  it('redirects once the grant is 12 hours old', async () => {
    const cookie = await walmartGrant()
    clock.advance(GRANT_LIFETIME_MS)
    const res = await get('/docket', cookie)
    expect(res.statusCode).toBe(302)
  })
})

describe('/circlek/proposal', () => {
  it('redirects to the circlek gate without the circlek grant', async () => {
    for (const cookie of [undefined, await walmartGrant()]) {
      const res = await get('/circlek/proposal', cookie)
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/circlek')
    }
    const pizzahut = grantCookie(
      await verify(t.app, { retailer: 'pizzahut', accessCode: 'pizza-hut-pages-01' }),
    )
    expect((await get('/circlek/proposal', pizzahut)).headers.location).toBe('/circlek')
    const json = await get('/circlek/proposal/index.pageContext.json', pizzahut)
    expect(json.json()).toMatchObject({ _urlRedirect: { url: '/circlek', statusCode: 302 } })
  })

  it('renders the proposal with its cards and exact terms for the circlek grant', async () => {
    const res = await get('/circlek/proposal', await circlekGrant())
    expect(res.statusCode).toBe(200)
    const text = res.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    for (const expected of [
      'Partnership Overview',
      'Key Commercial Terms',
      'Proposal Status',
      '$3.00 per order',
      'Charged to the consumer and set by the provider.',
      'No markups, no other service fees and no tips.',
      '3% of GMV per order',
      'Charged to the retailer',
      '972 completed deliveries per vehicle per calendar month',
      '3 orders per hour × 12 hours per day × 27 days.',
      'make-up fee equal to the platform fee',
      'suspend or terminate access',
      'Subscription fee Waived while the minimum is met',
      'Monthly with monthly statements',
      'non-binding and for discussion only',
      'subject to a definitive agreement',
      'Close proposal',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*"/)
  })

  it('carries the docket’s session bar, its Sign out a plain form post, and hands no grant to the browser', async () => {
    const cookie = await circlekGrant()
    const res = await get('/circlek/proposal', cookie)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<span class="caps-label">Signed in</span> <span>Circle K</span>')
    const form = /<form class="sign-out"[^>]*>/.exec(res.body)?.[0] ?? ''
    expect(form).toContain('action="/api/access/logout"')
    expect(form).toContain('method="post"')
    expect(res.body).not.toContain(cookie.split('=')[1])
    expect(res.body).not.toContain('accessGrants')
  })

  it('is closed by logout: the cleared cookie no longer opens it', async () => {
    const cookie = await circlekGrant()
    expect((await get('/circlek/proposal', cookie)).statusCode).toBe(200)
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      payload: { retailer: 'circlek' },
      headers: { cookie },
    })
    const cleared = String(logout.headers['set-cookie']).split(';', 1)[0]
    expect(cleared).toBe('circlek-access=')
    expect((await get('/circlek/proposal', cleared)).headers.location).toBe('/circlek')
  })

  it('closes for every holder when the code is revoked', async () => {
    const cookie = await circlekGrant()
    expect((await get('/circlek/proposal', cookie)).statusCode).toBe(200)
    await t.db.prisma.accessCode.update({ where: { id: circlekId }, data: { revokedAt: clock.now() } })
    clock.advance(SESSION_CUTOFF_MS)
    expect((await get('/circlek/proposal', cookie)).headers.location).toBe('/circlek')
    expect((await get('/docket', cookie)).headers.location).toBe('/')
    await t.db.prisma.accessCode.update({ where: { id: circlekId }, data: { revokedAt: null } })
    clock.advance(SESSION_CUTOFF_MS)
  })
})

describe('gates', () => {
  it('serves the six gates pre-rendered, noindex, with a real form', async () => {
    for (const retailer of ['circlek', 'pizzahut', 'compass', 'partner', 'investor']) {
      const res = await get(`/${retailer}`)
      expect(res.statusCode, retailer).toBe(200)
      expect(res.headers.etag).toBeDefined() // the pre-rendered file
      // An HTML-only page whose card is an island: no React page hydrates over it.
      expect(res.body).toContain('data-island="gate"')
      const form = /<form class="gate-form"[^>]*>/.exec(res.body)?.[0] ?? ''
      expect(form).toContain('action="/api/access/verify"')
      expect(form).toContain('method="post"')
      expect(res.body).toMatch(/<label[^>]*>Access Code<\/label>/)
      const input = /<input[^>]*name="accessCode"[^>]*>/.exec(res.body)?.[0] ?? ''
      expect(input).toContain('type="password"')
      expect(input.toLowerCase()).toContain('autocomplete="current-password"')
      expect(input).toContain('required')
      expect(input).not.toMatch(/onpaste|readonly/i) // paste and password managers allowed
      expect(res.body).toContain('Access Docket')
      expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*"/)
    }
    const walmart = await get('/walmart')
    expect(walmart.body).not.toContain('type="password"')
    expect(walmart.body).toContain('Access Docket')
  })

  it('shows a no-JS error in the HTML, each notice kept as a render of its own', async () => {
    const cases = [
      ['/circlek?error=invalid', ['Invalid access code', 'Please check your code and try again']],
      ['/circlek?error=empty', ['Please enter your access code']],
      ['/circlek?error=error', ['Error verifying access code', 'Please try again or contact support']],
      ['/circlek?error=rate_limited&retry=42', ['Too many attempts', 'Please try again in 42 seconds.']],
      ['/circlek?error=rate_limited&retry=7', ['Too many attempts', 'Please try again in 7 seconds.']],
      ['/circlek?error=busy&retry=2', ['The gate is busy', 'Please try again in 2 seconds.']],
    ] as const
    for (const [url, texts] of cases) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('public, max-age=0, must-revalidate')
      for (const text of texts) expect(res.body, `${url}: ${text}`).toContain(text)
      // Kept: the next visitor gets the same bytes, and a browser that has them a 304.
      const again = await get(`${url}&utm_source=mail`)
      expect(again.headers.etag, url).toBe(res.headers.etag)
      const revalidated = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': res.headers.etag },
      })
      expect(revalidated.statusCode, url).toBe(304)
    }
    expect((await get('/circlek?error=rate_limited&retry=42')).body).not.toContain('7 seconds')
    // Other queries, unknown reasons and odd waits leave them out: the plain gate, or the plain advice.
    for (const url of ['/circlek?utm_source=mail', '/circlek?error=bogus']) {
      const plain = await get(url)
      expect(plain.headers.etag, url).toBe((await get('/circlek')).headers.etag)
      expect(plain.body).not.toContain('class="gate-notice__box')
    }
    const edited = await get('/circlek?error=rate_limited&retry=99999')
    expect(edited.body).toContain('Please wait a minute, then try again.')
  })

  it('keeps a notice apart for a visitor whose session for the gate holds', async () => {
    const signedIn = await get('/circlek?error=invalid', await circlekGrant())
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('private, no-store')
    expect(signedIn.body).toContain('Invalid access code')
    expect(signedIn.body).toContain('gate--signed-in')
    const anonymous = await get('/circlek?error=invalid')
    expect(anonymous.body).not.toContain('gate--signed-in')
  })
})

describe('no-JavaScript form flow', () => {
  it('wrong code: back to the gate, which says so; right code: on to the docket', async () => {
    const wrong = await verifyForm(t.app, { retailer: 'circlek', accessCode: 'not-the-code' })
    expect(wrong.statusCode).toBe(303)
    const gate = await get(wrong.headers.location as string)
    expect(gate.body).toContain('Invalid access code')

    const right = await verifyForm(t.app, { retailer: 'circlek', accessCode: CODE })
    expect(right.statusCode).toBe(303)
    expect(right.headers.location).toBe('/docket')
    const docket = await get('/docket', grantCookie(right))
    expect(docket.statusCode).toBe(200)
    expect(docket.body).toContain('Meet the RM5')
  })

  it('walmart: the button alone opens the docket', async () => {
    const res = await verifyForm(t.app, { retailer: 'walmart' })
    expect(res.headers.location).toBe('/docket')
    expect((await get('/docket', grantCookie(res))).statusCode).toBe(200)
  })

  it('a gate removed while its page was open: the post lands on its address, which says it is gone', async () => {
    await seedPartner(t.db.prisma, 'wegmans', 'Wegmans')
    await seedCode(t.db, 'wegmans', 'wegmans-pages-01')
    await t.app.partners.refresh()
    expect((await get('/wegmans')).statusCode).toBe(200)
    // `rm5 partners remove wegmans --force` (or the console) between the page load and the post.
    await removePartner(t.db.prisma, { label: 'cli@test' }, 'wegmans', { force: true }, new Date())
    await t.app.partners.refresh()
    const form = await verifyForm(t.app, { retailer: 'wegmans', accessCode: 'wegmans-pages-01' })
    expect([form.statusCode, form.headers.location]).toEqual([303, '/wegmans'])
    expect(form.headers['set-cookie']).toBeUndefined()
    const landed = await get(form.headers.location as string)
    expect(landed.statusCode).toBe(404)
    expect(landed.body).toContain('Page Not Found')
    // The enhanced form and API callers keep their JSON refusal.
    const json = await verify(t.app, { retailer: 'wegmans', accessCode: 'wegmans-pages-01' })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toMatchObject({
      success: false,
      error: { fields: { retailer: 'Unknown retailer.' } },
    })
  })
})

describe('docket activity', () => {
  it('records every opening per code and announces a notifying code once a day', async () => {
    const SECRET = 'activity-test-webhook-secret'
    const receiver = webhookReceiver(await freePort(), SECRET)
    await receiver.start()
    // Its own app: a webhook configured, and openings written when the test flushes them.
    const site = await createTestApp({
      pages: { mode: 'production', root: t.root },
      access: { rateLimitPrefix: limitPrefix(), activityFlushMs: 60_000 },
      env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: SECRET },
      notifications: { retryMs: 50, pollMs: 50 },
    })
    try {
      const buyer = await seedCode(site.db, 'circlek', 'circle-k-activity-01', { label: 'Circle K buyer' })
      await seedCode(site.db, 'circlek', 'circle-k-activity-02', { label: 'Circle K legal' })
      const quiet = await seedCode(site.db, 'pizzahut', 'pizza-hut-activity-01', { label: 'Pizza Hut ops' })
      expect(await setCodeNotify(site.db.prisma, [buyer], true)).toBe(1)
      const grant = async (retailer: string, accessCode?: string, ip = '198.51.100.10') =>
        grantCookie(await verify(site.app, { retailer, accessCode }, { remoteAddress: ip }))
      const open = (url: string, cookie: string, ip: string) =>
        site.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: ip })

      const buyerCookie = await grant('circlek', 'circle-k-activity-01')
      for (const ip of ['198.51.100.10', '198.51.100.10', '198.51.100.11']) {
        expect((await open('/docket', buyerCookie, ip)).statusCode).toBe(200)
      }
      expect((await open('/circlek/proposal', buyerCookie, '198.51.100.11')).statusCode).toBe(200)
      const both = `${await grant('pizzahut', 'pizza-hut-activity-01')}; ${await grant('walmart')}`
      expect((await open('/docket', both, '198.51.100.12')).statusCode).toBe(200)
      // Refused: not recorded.
      expect((await open('/circlek/proposal', both, '198.51.100.12')).statusCode).toBe(302)
      expect((await open('/docket', 'circlek-access=forged', '198.51.100.13')).statusCode).toBe(302)
      // Nothing is written on the request path; the batch is.
      expect(await site.db.prisma.docketView.count()).toBe(0)
      await site.app.access.activity.flush()

      const report = await docketActivity(site.db.prisma, {})
      const byLabel = Object.fromEntries(report.map((row) => [row.label ?? row.retailer, row]))
      expect(byLabel['Circle K buyer']).toMatchObject({
        codeId: buyer,
        notify: true,
        openings: 4,
        clients: 2,
        pages: ['/circlek/proposal', '/docket'],
      })
      expect(byLabel['Pizza Hut ops']).toMatchObject({
        codeId: quiet,
        openings: 1,
        clients: 1,
        pages: ['/docket'],
      })
      expect(byLabel.walmart).toMatchObject({ codeId: null, openings: 1, pages: ['/docket'] })
      expect(byLabel['Circle K legal']).toMatchObject({ openings: 0, firstOpened: null, pages: [] })
      expect(
        (await docketActivity(site.db.prisma, { retailer: 'pizzahut' })).map((row) => row.label),
      ).toEqual(['Pizza Hut ops'])
      expect(await docketActivity(site.db.prisma, { since: new Date(Date.now() + 60_000) })).toMatchObject([
        { label: 'Circle K buyer', openings: 0 },
        { label: 'Circle K legal', openings: 0 },
        { label: 'Pizza Hut ops', openings: 0 },
      ])

      // The buyer's code notifies: one access.granted for the day, however many openings.
      await until('announced', () => receiver.deliveries.length === 1)
      expect(await site.app.outbox.deliverDue()).toBe(0)
      const [announced] = receiver.deliveries
      expect(announced?.event).toBe('access.granted')
      expect(announced?.signatureValid).toBe(true)
      expect(announced?.body.text).toMatch(
        /^Circle K opened \/docket with the code "Circle K buyer" \(first opening today/,
      )
      expect(JSON.stringify(announced?.body)).not.toContain('circle-k-activity-01')
      // More openings the same day (another batch) announce nothing more.
      await open('/docket', buyerCookie, '198.51.100.14')
      await site.app.access.activity.flush()
      expect(await site.db.prisma.notification.count()).toBe(1)
    } finally {
      await site.close()
      await receiver.stop()
    }
  })
})
