// Console sign-in and sessions against the real app, Postgres, Redis and a real SMTP receiver: a
// link works once and for 15 minutes, a session ends after 12 hours idle, 7 days after sign-in
// and on sign-out, the cookie is the console's own (HttpOnly, SameSite=Strict, Secure and __Host-
// over HTTPS, directly or through a trusted proxy), asking for links is rate limited without
// letting anyone lock an admin out and answers before any lookup, and every /admin answer is
// private, unindexed and under a strict CSP.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAdmin } from '../../server/admin/admins.server.ts'
import { limitPrefix, testClock } from '../helpers/access.ts'
import { cookieOf, csrfIn, linkToken, openLink, post, signIn } from '../helpers/admin-console.ts'
import { appBeside, type TestApp } from '../helpers/app.ts'
import { mailText } from '../helpers/email-links.ts'
import { createMailingTestApp, type SmtpReceiver } from '../helpers/mailing-app.ts'
import { until } from '../helpers/notification-receivers.ts'

const clock = testClock()
let smtp: SmtpReceiver
let t: TestApp
const HOUR = 3_600_000

beforeAll(async () => {
  ;({ t, smtp } = await createMailingTestApp('console@rm5.example', clock.now))
  await addAdmin(t.db.prisma, { label: 'cli@test' }, { email: 'ops@example.com', role: 'owner' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.stop()
})

const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })

describe('a one-time link', () => {
  it('signs in once, with the console’s own cookie', async () => {
    const token = await linkToken(t, 'ops@example.com')
    const landing = await page(`/admin/sign-in/link?token=${token}`)
    // A mail scanner fetching the link signs nobody in: the page only holds a button.
    expect(landing.statusCode).toBe(200)
    expect(landing.headers['set-cookie']).toBeUndefined()
    const first = await openLink(t, token)
    expect([first.statusCode, first.headers.location]).toEqual([303, '/admin'])
    const setCookie = String(first.headers['set-cookie'])
    expect(setCookie).toMatch(
      /^__Host-rm5-admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    )
    expect((await page('/admin', cookieOf(first))).statusCode).toBe(200)
    // Used again, the post answers 303 to the link's page, which says so: a reload posts nothing.
    const again = await openLink(t, token)
    expect([again.statusCode, again.headers.location]).toEqual([303, '/admin/sign-in/link'])
    expect(again.headers['set-cookie']).toBeUndefined()
    const refused = await page(String(again.headers.location))
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('This link no longer works')
    // Opened again, the used link says so on its page, before any button.
    const reopened = await page(`/admin/sign-in/link?token=${token}`)
    expect(reopened.statusCode).toBe(400)
    expect(reopened.body).toContain('This link no longer works')
    expect(reopened.body).not.toContain('name="token"')
    // The admin it signed in (a second click on its button, the mail opened again) is sent on to
    // the console instead.
    for (const url of ['/admin/sign-in/link', `/admin/sign-in/link?token=${token}`]) {
      const signedIn = await page(url, cookieOf(first))
      expect([url, signedIn.statusCode, signedIn.headers.location]).toEqual([url, 303, '/admin'])
    }
  })

  it('expires after 15 minutes', async () => {
    const token = await linkToken(t, 'ops@example.com', clock.now())
    clock.advance(15 * 60_000 + 1000)
    expect((await page(`/admin/sign-in/link?token=${token}`)).body).toContain('This link no longer works')
    const used = await openLink(t, token)
    expect([used.statusCode, used.headers.location, used.headers['set-cookie']]).toEqual([
      303,
      '/admin/sign-in/link',
      undefined,
    ])
  })

  it('comes by e-mail for an admin’s address only, with the same answer for any address', async () => {
    // An admin of its own: other tests ask for links to ops@, and their mails, sent after their
    // answers, may still arrive while this one runs.
    await addAdmin(t.db.prisma, { label: 'cli@test' }, { email: 'mailed@example.com', role: 'owner' })
    const forAdmin = await post(t, '/admin/sign-in', { email: 'MAILED@example.com' })
    const forStranger = await post(t, '/admin/sign-in', { email: 'someone@example.com' })
    expect([forAdmin.statusCode, forAdmin.headers.location]).toEqual([303, '/admin/sign-in?notice=sent'])
    expect([forStranger.statusCode, forStranger.headers.location]).toEqual([
      303,
      '/admin/sign-in?notice=sent',
    ])
    await until('the sign-in mail', () =>
      smtp.messages.some((mail) => mail.to.includes('mailed@example.com')),
    )
    const mail = smtp.messages.find((m) => m.to.includes('mailed@example.com'))
    if (!mail) throw new Error('no mail')
    const link = /https:\/\/rm5\.example\/admin\/sign-in\/link\?token=([A-Za-z0-9_-]{43})/.exec(
      mailText(mail),
    )
    expect(link).not.toBeNull()
    expect((await openLink(t, link?.[1] ?? '')).statusCode).toBe(303)
    expect(smtp.messages.some((m) => m.to.includes('someone@example.com'))).toBe(false)
  })

  it('answers an address that is not one with a 303 to the page, which shows it as typed, once', async () => {
    const refused = await post(t, '/admin/sign-in', { email: 'ops@example' })
    expect([refused.statusCode, refused.headers.location]).toEqual([
      303,
      '/admin/sign-in?notice=check-address',
    ])
    const flash = cookieOf(refused)
    expect(flash).toMatch(/^rm5-admin-flash=./)
    expect(String(refused.headers['set-cookie'])).toMatch(/Path=\/admin\/sign-in;.*HttpOnly/i)
    // With the cookie: the field as typed and its message. On the reload (the cookie spent), or with
    // a tampered cookie: the notice still says what to type, and the typed value is gone.
    const tampered = `${flash.slice(0, -2)}AA`
    for (const [cookie, typed] of [
      [flash, true],
      [undefined, false],
      [tampered, false],
    ] as const) {
      const shown = await page('/admin/sign-in?notice=check-address', cookie)
      expect([shown.statusCode, shown.body.includes('value="ops@example"')]).toEqual([200, typed])
      expect(shown.body).toContain(
        typed
          ? 'Enter an e-mail address such as ops@example.com.'
          : 'Enter an e-mail address such as ops@example.com to get a sign-in link.',
      )
    }
  })
})

describe('a session', () => {
  it('lives while used and ends after 12 hours idle', async () => {
    const { cookie } = await signIn(t, 'ops@example.com')
    clock.advance(11 * HOUR)
    expect((await page('/admin', cookie)).statusCode).toBe(200)
    clock.advance(11 * HOUR)
    expect((await page('/admin', cookie)).statusCode).toBe(200)
    clock.advance(12 * HOUR + 60_000)
    const expired = await page('/admin', cookie)
    expect([expired.statusCode, expired.headers.location]).toEqual([303, '/admin/sign-in?notice=expired'])
  })

  it('ends 7 days after sign-in, however busy it is', async () => {
    const { cookie } = await signIn(t, 'ops@example.com')
    const sevenDays = 7 * 24 * HOUR
    // Used every 11 hours: never idle long enough to end that way.
    for (let used = 0; used + 11 * HOUR < sevenDays; used += 11 * HOUR) {
      clock.advance(11 * HOUR)
      expect((await page('/admin', cookie)).statusCode).toBe(200)
    }
    clock.advance(11 * HOUR)
    const ended = await page('/admin', cookie)
    expect([ended.statusCode, ended.headers.location]).toEqual([303, '/admin/sign-in?notice=expired'])
  })

  it('ends on sign-out: the old cookie opens nothing', async () => {
    const { cookie, csrf } = await signIn(t, 'ops@example.com')
    const out = await post(t, '/admin/sign-out', { _csrf: csrf }, { cookie })
    expect([out.statusCode, out.headers.location]).toEqual([303, '/admin/sign-in?notice=signed-out'])
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0')
    const after = await page('/admin', cookie)
    expect(after.statusCode).toBe(303)
    expect(after.headers.location).toContain('/admin/sign-in')
  })

  it('ends when its admin is removed', async () => {
    const { cookie } = await signIn(t, 'temp@example.com', 'reader')
    expect((await page('/admin', cookie)).statusCode).toBe(200)
    const owner = await signIn(t, 'ops@example.com')
    await post(
      t,
      '/admin/admins/remove',
      { email: 'temp@example.com', _csrf: owner.csrf },
      { cookie: owner.cookie },
    )
    expect((await page('/admin', cookie)).statusCode).toBe(303)
  })

  it('records sign-in and sign-out with who and from which client', async () => {
    const { cookie, csrf } = await signIn(t, 'ops@example.com')
    await post(t, '/admin/sign-out', { _csrf: csrf }, { cookie })
    const rows = await t.db.prisma.auditEntry.findMany({
      where: { actor: 'ops@example.com', action: { startsWith: 'session.' } },
      orderBy: { id: 'desc' },
      take: 2,
    })
    expect(rows.map((row) => row.action)).toEqual(['session.sign-out', 'session.sign-in'])
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.clientHash ?? ''))).toBe(true)
  })
})

describe('the cookie behind a TLS proxy', () => {
  it('is Secure with the __Host- prefix when the request came over HTTPS, as the gate cookie', async () => {
    const proxied = await appBeside(t, {
      env: { ...t.env, SITE_URL: 'http://rm5.example', TRUST_PROXY: true },
      logger: false,
      access: { now: clock.now, rateLimitPrefix: limitPrefix() },
    })
    const signInThrough = async (headers: Record<string, string>) =>
      proxied.inject({
        method: 'POST',
        url: '/admin/sign-in/link',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ token: await linkToken(t, 'ops@example.com') }).toString(),
      })
    try {
      const tls = { 'x-forwarded-proto': 'https' }
      const overTls = await signInThrough(tls)
      expect(String(overTls.headers['set-cookie'])).toMatch(
        /^__Host-rm5-admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      )
      const signedIn = await proxied.inject({ url: '/admin', headers: { cookie: cookieOf(overTls), ...tls } })
      expect(signedIn.statusCode).toBe(200)
      const plain = await signInThrough({})
      expect(String(plain.headers['set-cookie'])).toMatch(
        /^rm5-admin=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/,
      )
    } finally {
      await proxied.close()
    }
  })
})

describe('every /admin answer', () => {
  it('is private, unindexed and under a strict CSP', async () => {
    const { cookie } = await signIn(t, 'ops@example.com')
    const reader = await signIn(t, 'look@example.com', 'reader')
    const answers = [
      await page('/admin/sign-in'),
      await page('/admin', cookie),
      await page('/admin/codes', cookie),
      await page('/admin/audit.csv', cookie),
      await page('/admin/no-such-page', cookie),
      await page('/admin/admins', reader.cookie),
      await page('/admin/assets/console.css'),
      await page('/admin'),
    ]
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 404, 403, 200, 303])
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(res.headers['content-security-policy']).toMatch(
        /^default-src 'none'; script-src 'self'; style-src 'self';/,
      )
    }
    expect(answers[5]?.body).toContain('Your role (reader) may only look. This needs an owner.')
    expect(csrfIn(answers[1]?.body ?? '')).not.toBe('')
  })
})

describe('an admin added on a server that sends e-mail', () => {
  it('the page that says so tells where they sign in', async () => {
    const owner = await signIn(t, 'ops@example.com')
    const added = await post(
      t,
      '/admin/admins',
      { _csrf: owner.csrf, email: 'mailed-first@example.com', role: 'reader' },
      { cookie: owner.cookie },
    )
    expect([added.statusCode, added.headers.location]).toEqual([303, '/admin/admins?done=added'])
    const shown = await page('/admin/admins?done=added', owner.cookie)
    expect(shown.body).toContain('Admin added')
    expect(shown.body).toContain('the link arrives by e-mail')
    expect(shown.body).not.toContain('rm5 admins link')
  })
})

describe('the audit of a sign-in', () => {
  it('names one client by one hash, however its address reaches the server', async () => {
    const signInFrom = async (remoteAddress: string) => {
      const res = await openLink(t, await linkToken(t, 'ops@example.com'), remoteAddress)
      expect(res.statusCode).toBe(303)
      const [entry] = await t.db.prisma.auditEntry.findMany({
        where: { action: 'session.sign-in' },
        orderBy: { id: 'desc' },
        take: 1,
      })
      return entry?.clientHash
    }
    // A dual-stack listener sees an IPv4 client as an IPv4-mapped IPv6 address.
    const mapped = await signInFrom('::ffff:192.0.2.77')
    const plain = await signInFrom('192.0.2.77')
    expect(mapped).toMatch(/^[0-9a-f]{64}$/)
    expect(mapped).toBe(plain)
    expect(await signInFrom('192.0.2.78')).not.toBe(plain)
  })
})

describe('asking for links', () => {
  const ask = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email }).toString(),
    })

  it('is limited per address from each client, so nobody can lock an admin out', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await ask('ops@example.com', '198.51.100.10')).statusCode)
    // Three links for one address from one client, then that client waits…
    expect(statuses).toEqual([303, 303, 303, 429])
    // …and the admin, from another client, still gets one.
    const elsewhere = await ask('ops@example.com', '198.51.100.11')
    expect([elsewhere.statusCode, elsewhere.headers.location]).toEqual([303, '/admin/sign-in?notice=sent'])
  })

  it('is limited per client', async () => {
    const client: number[] = []
    for (let i = 0; i < 11; i++)
      client.push((await ask(`person${i}@example.com`, '198.51.100.99')).statusCode)
    expect(client.slice(0, 10).every((status) => status === 303)).toBe(true)
    expect(client[10]).toBe(429)
  })

  it('answers before the address is looked up, so its timing tells nothing', async () => {
    // Another connection holds the admins table: any lookup of the address waits for it.
    const holder = new pg.Client({ connectionString: t.directUrl })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('LOCK TABLE admins IN ACCESS EXCLUSIVE MODE')
      const before = smtp.messages.length
      const answer = await ask('ops@example.com', '198.51.100.30')
      expect([answer.statusCode, answer.headers.location]).toEqual([303, '/admin/sign-in?notice=sent'])
      // The link's work started after the answer and now waits on the lock.
      await until('the lookup waiting on the lock', async () => {
        const { rows } = await holder.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_locks WHERE relation = 'admins'::regclass AND NOT granted",
        )
        return (rows[0]?.waiting ?? 0) > 0
      })
      await holder.query('COMMIT')
      await until('the sign-in mail', () => smtp.messages.length > before)
    } finally {
      await holder.end()
    }
  })

  it('using links is limited per client, like the gates’ verify call', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await openLink(t, 'x'.repeat(43), '198.51.100.200')).statusCode)
    // Refused (303 to the link's page saying so) ten times, then limited.
    expect(statuses.slice(0, 10).every((status) => status === 303)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
