// Console sign-in by OpenID Connect against a real provider running in this process
// (tests/helpers/oidc-provider.ts), the real app and Postgres: a verified e-mail of an admin opens
// the console's own session and is in the audit log; an unknown or unverified address, a tampered
// state, a flow from another browser and a provider's refusal open nothing; the settings are all
// three or none; the sign-in page offers single sign-on only when configured, under the same CSP.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAdmin } from '../../server/admin/admins.server.ts'
import { EnvError, parseEnv } from '../../server/env.server.ts'
import { cookieOf, openLink } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { startOidcProvider, type TestProvider } from '../helpers/oidc-provider.ts'

const SITE_URL = 'http://127.0.0.1:3000'
const CALLBACK = `${SITE_URL}/admin/sign-in/oidc/callback`

let op: TestProvider
let t: TestApp
let plain: TestApp
let client = 0
let secretDir: string | undefined

beforeAll(async () => {
  op = await startOidcProvider(CALLBACK)
  secretDir = mkdtempSync(join(tmpdir(), 'rm5-oidc-'))
  const secretFile = join(secretDir, 'client-secret')
  writeFileSync(secretFile, `${op.clientSecret}\n`)
  t = await createTestApp({
    env: {
      SITE_URL,
      ADMIN_OIDC_ISSUER: op.issuer,
      ADMIN_OIDC_CLIENT_ID: op.clientId,
      ADMIN_OIDC_CLIENT_SECRET_FILE: secretFile,
    },
    access: { rateLimitPrefix: `oidc-${Date.now()}-` },
  })
  plain = await createTestApp({ env: { SITE_URL } })
  await addAdmin(t.db.prisma, { label: 'cli@test' }, { email: 'ops@example.com', role: 'owner' })
  op.accounts.set('ops', { email: 'Ops@Example.COM', email_verified: true })
  op.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true })
  op.accounts.set('unverified', { email: 'ops@example.com', email_verified: false })
})
afterAll(async () => {
  await Promise.allSettled([t?.close(), plain?.close()])
  await op?.close()
  if (secretDir) await rm(secretDir, { recursive: true, force: true })
})

/** Each flow from another client address: the steps are limited per client. */
const nextAddress = () => `198.51.100.${(client++ % 250) + 1}`

/** Starts a sign-in as a browser following the page's link: the provider's URL and the flow cookie. */
async function start(remoteAddress: string) {
  const res = await t.app.inject({ url: '/admin/sign-in/oidc', remoteAddress })
  expect(res.statusCode).toBe(303)
  return { location: String(res.headers.location), flowCookie: cookieOf(res) }
}

function callback(url: URL, flowCookie: string | undefined, remoteAddress: string) {
  return t.app.inject({
    url: `${url.pathname}${url.search}`,
    remoteAddress,
    headers: flowCookie ? { cookie: flowCookie } : {},
  })
}

/** The whole flow as `login` at the provider: the callback's answer. */
async function signInAs(login: string, options: { abort?: boolean } = {}) {
  const address = nextAddress()
  const { location, flowCookie } = await start(address)
  const back = await op.authorize(location, login, options)
  expect(back.href.startsWith(CALLBACK)).toBe(true)
  return callback(back, flowCookie, address)
}

const sessionCount = () => t.db.prisma.adminSession.count()
const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().map(String)

describe('single sign-on', () => {
  it('sends the browser to the provider with PKCE, state and nonce, the flow in a Lax cookie', async () => {
    const { location, flowCookie } = await start(nextAddress())
    const url = new URL(location)
    expect(url.origin).toBe(op.issuer)
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy()
    expect(url.searchParams.get('scope')).toBe('openid email')
    // Sealed: neither the state nor the nonce can be read from the cookie.
    expect(flowCookie).not.toContain(url.searchParams.get('state'))
    expect(flowCookie).not.toContain(url.searchParams.get('nonce'))
  })

  it('signs in an admin whose verified e-mail matches, whatever its case, with the console’s session', async () => {
    const res = await signInAs('ops')
    expect(res.statusCode).toBe(200)
    // The console is reached by the page's own navigation: SameSite=Strict is left out of a redirect.
    expect(res.body).toContain('<meta http-equiv="refresh" content="0;url=/admin"/>')
    const cookies = setCookies(res)
    expect(cookies.some((line) => /^rm5-admin-oidc=;/.test(line))).toBe(true)
    const session = cookies.find((line) => line.startsWith('rm5-admin='))
    expect(session).toMatch(/HttpOnly/)
    expect(session).toMatch(/SameSite=Strict/)
    const cookie = String(session).split(';', 1)[0] ?? ''
    const overview = await t.app.inject({ url: '/admin', headers: { cookie } })
    expect(overview.statusCode).toBe(200)
    expect(overview.body).toContain('ops@example.com')
    const row = await t.db.prisma.adminSession.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })
    expect(row.method).toBe('oidc')
    const entry = await t.db.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'session.sign-in' },
      orderBy: { at: 'desc' },
    })
    expect([entry.actor, entry.details]).toEqual(['ops@example.com', { method: 'oidc' }])
  })

  it.each([
    ['a verified address that is no admin’s', 'stranger', 'is not an admin of this console'],
    ['an admin’s address the provider has not verified', 'unverified', 'no verified e-mail address'],
  ])('refuses %s', async (_case, login, sentence) => {
    const before = await sessionCount()
    const res = await signInAs(login)
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain(sentence)
    expect(setCookies(res).some((line) => line.startsWith('rm5-admin='))).toBe(false)
    expect(await sessionCount()).toBe(before)
  })

  it('refuses a tampered state, a flow from another browser and a tampered flow cookie', async () => {
    const before = await sessionCount()
    const address = nextAddress()
    const { location, flowCookie } = await start(address)
    const back = await op.authorize(location, 'ops')
    const tampered = new URL(back)
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`)
    const [name, value = ''] = flowCookie.split('=')
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
    for (const [url, cookie] of [
      [tampered, flowCookie],
      [back, undefined],
      [back, forged],
    ] as const) {
      const res = await callback(url, cookie, address)
      expect(res.statusCode).toBe(400)
      expect(res.body).toContain('started in another browser')
    }
    expect(await sessionCount()).toBe(before)
    // The code was never spent: the untouched answer still signs in (the refusals were ours).
    expect((await callback(back, flowCookie, address)).statusCode).toBe(200)
  })

  it('shows the provider’s refusal as a page, without a session', async () => {
    const before = await sessionCount()
    const res = await signInAs('ops', { abort: true })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('did not complete the sign-in')
    expect(await sessionCount()).toBe(before)
  })
})

describe('limits', () => {
  it('count the callback with the sign-in link’s uses, and starting apart, per client', async () => {
    const address = '203.0.113.250'
    const answers = async (url: string, times: number) => {
      const statuses: number[] = []
      for (let i = 0; i < times; i++)
        statuses.push((await t.app.inject({ url, remoteAddress: address })).statusCode)
      return statuses
    }
    // Five links used, then five callbacks: the eleventh try of a credential is refused.
    const links = await Promise.all(Array.from({ length: 5 }, () => openLink(t, 'x'.repeat(43), address)))
    // Each refused: answered 303 to the link's page, which says it cannot be used.
    expect(links.map((res) => [res.statusCode, res.headers.location])).toEqual(
      Array.from({ length: 5 }, () => [303, '/admin/sign-in/link']),
    )
    expect(await answers('/admin/sign-in/oidc/callback?code=x&state=y', 6)).toEqual([
      400, 400, 400, 400, 400, 429,
    ])
    const starts = await answers('/admin/sign-in/oidc', 11)
    expect(starts.slice(0, 10).every((status) => status === 303)).toBe(true)
    expect(starts[10]).toBe(429)
  })
})

describe('the sign-in page', () => {
  it('offers single sign-on only when configured, as a plain link, under the same CSP', async () => {
    const withSso = await t.app.inject({ url: '/admin/sign-in' })
    const without = await plain.app.inject({ url: '/admin/sign-in' })
    expect(withSso.body).toContain(
      '<a class="button button--ghost" href="/admin/sign-in/oidc">Sign in with single sign-on</a>',
    )
    expect(without.body).not.toContain('single sign-on')
    expect(withSso.headers['content-security-policy']).toBe(without.headers['content-security-policy'])
    expect(withSso.headers['content-security-policy']).toContain("form-action 'self';")
    // Without a provider the path is the console's own 404-or-sign-in, never a flow.
    const start = await plain.app.inject({ url: '/admin/sign-in/oidc' })
    expect(start.headers.location).toBe('/admin/sign-in')
  })
})

describe('the settings', () => {
  const base = { NODE_ENV: 'test', SITE_URL }
  it('are all three or none, naming what is missing', () => {
    expect(() => parseEnv({ ...base, ADMIN_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      new EnvError(
        'Invalid environment variable ADMIN_OIDC_CLIENT_ID: OpenID Connect sign-in needs ADMIN_OIDC_ISSUER, ADMIN_OIDC_CLIENT_ID and ADMIN_OIDC_CLIENT_SECRET_FILE (missing: ADMIN_OIDC_CLIENT_ID, ADMIN_OIDC_CLIENT_SECRET_FILE)',
      ),
    )
    expect(() =>
      parseEnv({ ...base, ADMIN_OIDC_CLIENT_ID: 'rm5', ADMIN_OIDC_CLIENT_SECRET: 'secret' }),
    ).toThrow(/ADMIN_OIDC_ISSUER: .*\(missing: ADMIN_OIDC_ISSUER\)/)
    expect(parseEnv(base).ADMIN_OIDC_ISSUER).toBeUndefined()
  })

  it('take an https issuer, or http only on this machine', () => {
    const settings = { ADMIN_OIDC_CLIENT_ID: 'rm5', ADMIN_OIDC_CLIENT_SECRET: 'secret' }
    expect(() => parseEnv({ ...base, ...settings, ADMIN_OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /ADMIN_OIDC_ISSUER: must be an https:\/\/ URL/,
    )
    expect(
      parseEnv({ ...base, ...settings, ADMIN_OIDC_ISSUER: 'https://id.example.com' }).ADMIN_OIDC_ISSUER,
    ).toBe('https://id.example.com')
  })
})
