// POST /api/access/verify and /api/access/logout against a real Postgres (docs/architecture.md: Access).
import { createHmac } from 'node:crypto'
import { parseSetCookie } from 'cookie'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generateCode } from '../../server/access/generate-code.server.ts'
import { dummyHash } from '../../server/access/hasher.server.ts'
import {
  countingHasher,
  grantCookie,
  limitPrefix,
  seedCode,
  testClock,
  verify,
  verifyForm,
  verifyFormFresh,
  verifyFresh,
} from '../helpers/access.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { logLines } from '../helpers/log-lines.ts'
import { injectPost } from '../helpers/submissions.ts'

const CODE = 'circle-k-2026-alpha'
const hasher = countingHasher()
const clock = testClock()
let t: TestApp
let circlekId: string

beforeAll(async () => {
  t = await createTestApp({ access: { hasher, now: clock.now, rateLimitPrefix: limitPrefix() } })
  circlekId = await seedCode(t.db, 'circlek', CODE, { label: 'ops' })
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  hasher.verifications = 0
  await t.db.prisma.accessAttempt.deleteMany()
})

/** The value of the grant cookie a response set. */
const grantValue = (res: Parameters<typeof grantCookie>[0]) => grantCookie(res).split('=')[1]

// Each test comes from its own address so the per-IP limit (10 a minute) never interferes.
let ip = 0
const nextIp = () => `198.51.100.${++ip}`

const lastAttempt = () => t.db.prisma.accessAttempt.findFirst({ orderBy: { id: 'desc' } })

describe('verify: answers', () => {
  it('grants a right code: success, a session cookie, an attempt and a use recorded', async () => {
    const remoteAddress = nextIp()
    const res = await verify(t.app, { retailer: 'circlek', accessCode: CODE }, { remoteAddress })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect(res.headers['cache-control']).toBe('no-store')
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(
      /^circlek-access=s1\.[0-9a-f-]{36}\.[\w+/]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    // The cookie names a session; the session names the code.
    const sessionId = setCookie.split('.')[1] as string
    const session = await t.db.prisma.accessSession.findUniqueOrThrow({ where: { id: sessionId } })
    expect(session).toMatchObject({ retailer: 'circlek', codeId: circlekId, email: null, endedAt: null })
    expect(setCookie).not.toMatch(/Max-Age|Expires|Secure/i)

    const attempt = await lastAttempt()
    expect(attempt).toMatchObject({ retailer: 'circlek', outcome: 'granted' })
    // ipHash is HMAC-SHA256 under a key derived from the secret: not the IP, not a plain hash of it.
    const ipKey = t.app.access.keys.ip
    expect(attempt?.ipHash).toBe(createHmac('sha256', ipKey).update(remoteAddress).digest('hex'))
    expect(attempt?.ipHash).not.toContain(remoteAddress)
    const code = await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id: circlekId } })
    expect(code.useCount).toBeGreaterThanOrEqual(1)
    expect(code.lastUsedAt?.getTime()).toBe(clock.now().getTime())
  })

  it('trims the whitespace a paste brings along', async () => {
    const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: `  ${CODE}\n` })
    expect(res.json()).toEqual({ success: true })
  })

  it('opens with a generated code typed in lower case, with spaces or none, and I, L or O for 1 and 0', async () => {
    const generated = generateCode()
    await seedCode(t.db, 'compass', generated, { label: 'read out over the phone' })
    const symbols = generated.replaceAll('-', '')
    for (const typed of [
      generated.toLowerCase(),
      generated.replaceAll('-', ' '),
      symbols,
      symbols.toLowerCase().replaceAll('1', 'l').replaceAll('0', 'o'),
    ]) {
      hasher.verifications = 0
      const res = await verifyFresh(t.app, { retailer: 'compass', accessCode: typed })
      expect(res.json(), typed).toEqual({ success: true })
      // Checked as typed, then as printed.
      expect(hasher.verifications, typed).toBe(2)
    }
    // A wrong symbol is still a wrong code.
    const wrong = `${symbols.slice(0, -1)}${symbols.endsWith('Z') ? 'Y' : 'Z'}`.toLowerCase()
    expect((await verifyFresh(t.app, { retailer: 'compass', accessCode: wrong })).json()).toEqual({
      success: false,
    })
  })

  it('refuses a wrong code: success false, no cookie, a denied attempt', async () => {
    const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: 'circle-k-2026-alphA' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: false })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await lastAttempt()).toMatchObject({ retailer: 'circlek', outcome: 'denied' })
  })

  it('does not open one gate with another gate’s code', async () => {
    await seedCode(t.db, 'pizzahut', 'pizza-code-0001')
    const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: 'pizza-code-0001' })
    expect(res.json()).toEqual({ success: false })
  })

  it('refuses an expired code and a revoked code', async () => {
    await seedCode(t.db, 'compass', 'compass-expired-1', {
      expiresAt: new Date(clock.now().getTime() - 1000),
    })
    await seedCode(t.db, 'compass', 'compass-revoked-1', { revokedAt: clock.now() })
    for (const accessCode of ['compass-expired-1', 'compass-revoked-1']) {
      const res = await verifyFresh(t.app, { retailer: 'compass', accessCode })
      expect(res.json(), accessCode).toEqual({ success: false })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
  })

  it('accepts any of several active codes of a retailer, until one expires', async () => {
    const soon = new Date(clock.now().getTime() + 60_000)
    await seedCode(t.db, 'partner', 'partner-code-one')
    await seedCode(t.db, 'partner', 'partner-code-two', { expiresAt: soon })
    for (const accessCode of ['partner-code-one', 'partner-code-two']) {
      const res = await verifyFresh(t.app, { retailer: 'partner', accessCode })
      expect(res.json(), accessCode).toEqual({ success: true })
    }
    clock.advance(61_000)
    const later = await verifyFresh(t.app, { retailer: 'partner', accessCode: 'partner-code-two' })
    expect(later.json()).toEqual({ success: false })
  })

  it('answers the same, with one argon2 check, for no code, a revoked code and a wrong code', async () => {
    await seedCode(t.db, 'investor', 'investor-revoked', { revokedAt: clock.now() })
    const cases = [
      { retailer: 'investor', accessCode: 'investor-revoked' }, // only a revoked code exists
      { retailer: 'investor', accessCode: 'anything-at-all' }, // same retailer, wrong
      { retailer: 'circlek', accessCode: 'definitely-wrong' }, // one active code, wrong
    ]
    const bodies = new Set<string>()
    for (const body of cases) {
      hasher.verifications = 0
      const res = await verifyFresh(t.app, body)
      bodies.add(`${res.statusCode} ${res.body} ${res.headers['set-cookie'] ?? ''}`)
      expect(hasher.verifications, body.accessCode).toBe(1)
    }
    expect([...bodies]).toEqual(['200 {"success":false} '])
  })

  it('answers a code that reads as a generated one written another way with as many checks, code or none', async () => {
    const typed = generateCode().toLowerCase()
    for (const retailer of ['investor', 'circlek']) {
      hasher.verifications = 0
      const res = await verifyFresh(t.app, { retailer, accessCode: typed })
      expect(res.json()).toEqual({ success: false })
      expect(hasher.verifications, retailer).toBe(2)
    }
  })

  it('checks the dummy hash with the same argon2 parameters as real codes', async () => {
    const real = await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id: circlekId } })
    const params = (hash: string) => hash.split('$').slice(1, 4).join('$')
    expect(params(real.codeHash)).toBe('argon2id$v=19$m=19456,p=1,t=2')
    expect(params(await dummyHash(hasher)())).toBe(params(real.codeHash))
  })

  it('grants walmart without a code (and ignores one if sent)', async () => {
    for (const body of [{ retailer: 'walmart' }, { retailer: 'walmart', accessCode: 'whatever' }]) {
      hasher.verifications = 0
      const res = await verifyFresh(t.app, body)
      expect(res.json()).toEqual({ success: true })
      expect(String(res.headers['set-cookie'])).toMatch(
        /^walmart-access=s1\.[0-9a-f-]{36}\.[\w+/]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
      )
      expect(hasher.verifications).toBe(0)
    }
    expect(await lastAttempt()).toMatchObject({ retailer: 'walmart', outcome: 'granted' })
  })
})

describe('verify: bad requests', () => {
  it.each([
    ['no retailer', { accessCode: CODE }, 'retailer'],
    ['an unknown retailer', { retailer: 'target', accessCode: CODE }, 'retailer'],
    ['an empty code', { retailer: 'circlek', accessCode: '   ' }, 'accessCode'],
    ['no code', { retailer: 'circlek' }, 'accessCode'],
    ['a code that is not text', { retailer: 'circlek', accessCode: 12345678 }, 'accessCode'],
    ['a code over 256 characters', { retailer: 'circlek', accessCode: 'x'.repeat(257) }, 'accessCode'],
  ])('answers 400 for %s, without hashing or recording', async (_name, body, field) => {
    const res = await verifyFresh(t.app, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, error: { code: 'validation_failed' } })
    expect(res.json().error.fields).toHaveProperty(field)
    expect(hasher.verifications).toBe(0)
    expect(await lastAttempt()).toBeNull()
  })

  it('answers 400 for a body that is not JSON and 415 for other content types', async () => {
    const broken = await injectPost(t.app, '/api/access/verify', '{"retailer":', {
      'content-type': 'application/json',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ success: false, error: { code: 'invalid_json' } })
    const text = await injectPost(t.app, '/api/access/verify', 'retailer=circlek', {
      'content-type': 'text/plain',
    })
    expect(text.statusCode).toBe(415)
  })

  it('refuses a cross-site post (login CSRF)', async () => {
    const res = await verify(t.app, { retailer: 'walmart' }, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('answers 500 with the generic message and records an error attempt when the database fails', async () => {
    const original = t.db.prisma.accessCode.findMany
    t.db.prisma.accessCode.findMany = (() => Promise.reject(new Error('connection reset'))) as never
    try {
      const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: CODE })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({ success: false, error: { code: 'internal_error' } })
      expect(res.body).not.toContain('connection reset')
      expect(await lastAttempt()).toMatchObject({ outcome: 'error' })
    } finally {
      t.db.prisma.accessCode.findMany = original
    }
  })
})

describe('verify: no-JavaScript form posts', () => {
  it('redirects a right code to /docket with the grant cookie', async () => {
    const res = await verifyFormFresh(t.app, { retailer: 'circlek', accessCode: CODE })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/docket')
    expect(grantCookie(res)).toMatch(/^circlek-access=s1\./)
  })

  it('sends a wrong or empty code back to its gate with the reason', async () => {
    const wrong = await verifyFormFresh(t.app, { retailer: 'pizzahut', accessCode: 'nope-nope-nope' })
    expect(wrong.statusCode).toBe(303)
    expect(wrong.headers.location).toBe('/pizzahut?error=invalid')
    expect(wrong.headers['set-cookie']).toBeUndefined()
    const empty = await verifyFormFresh(t.app, { retailer: 'pizzahut', accessCode: '' })
    expect(empty.headers.location).toBe('/pizzahut?error=empty')
  })

  it('grants walmart from its button-only form', async () => {
    const res = await verifyFormFresh(t.app, { retailer: 'walmart' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/docket')
  })

  it('sends a form for a gate no longer served to its address, and answers 400 JSON for a name no gate can have', async () => {
    // A gate removed while its page was open: its address now answers that it is gone.
    const gone = await verifyFormFresh(t.app, { retailer: 'target', accessCode: CODE })
    expect([gone.statusCode, gone.headers.location]).toEqual([303, '/target'])
    expect(gone.headers['set-cookie']).toBeUndefined()
    expect(await lastAttempt()).toBeNull()
    // Nowhere to send these back to.
    for (const retailer of ['docket', 'Not a gate!']) {
      const res = await verifyFormFresh(t.app, { retailer, accessCode: CODE })
      expect(res.statusCode, retailer).toBe(400)
      expect(res.json(), retailer).toMatchObject({ success: false, error: { code: 'validation_failed' } })
    }
  })
})

describe('logout', () => {
  it('clears the grant cookie server-side', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      payload: { retailer: 'circlek' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect(res.headers['set-cookie']).toBe(
      'circlek-access=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    )
  })

  it('redirects a no-JS close to /, also for a gate removed meanwhile, and rejects a name no gate can have', async () => {
    const form = await injectPost(t.app, '/api/access/logout', 'retailer=circlek', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(form.statusCode).toBe(303)
    expect(form.headers.location).toBe('/')
    // A gate no longer served (removed while its page was open): signing out still clears its cookie.
    const removed = await injectPost(t.app, '/api/access/logout', 'retailer=nope', {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'nope-access=stale',
    })
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/'])
    expect(String(removed.headers['set-cookie'])).toMatch(/^nope-access=;.*Max-Age=0/i)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      payload: { retailer: 'Not a gate!' },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('secure cookies', () => {
  it('marks the grant Secure when the site is HTTPS, or the request came over HTTPS through a trusted proxy', async () => {
    const https = await appBeside(t, {
      env: { ...t.env, SITE_URL: 'https://rm5.example' },
      logger: false,
      access: { rateLimitPrefix: limitPrefix() },
    })
    const proxied = await appBeside(t, {
      env: { ...t.env, TRUST_PROXY: true },
      logger: false,
      access: { rateLimitPrefix: limitPrefix() },
    })
    try {
      const a = await verify(https, { retailer: 'walmart' })
      expect(String(a.headers['set-cookie'])).toContain('; Secure;')
      const grant = { name: 'walmart-access', path: '/', httpOnly: true, secure: true, sameSite: 'lax' }
      expect(parseSetCookie(String(a.headers['set-cookie']))).toEqual({ ...grant, value: grantValue(a) })
      // Signing out clears it with the same attributes, Secure too, and an end in the past.
      const cleared = await https.inject({
        method: 'POST',
        url: '/api/access/logout',
        payload: { retailer: 'walmart' },
      })
      expect(parseSetCookie(String(cleared.headers['set-cookie']))).toEqual({
        ...grant,
        value: '',
        maxAge: 0,
        expires: new Date(0),
      })
      const b = await verify(proxied, { retailer: 'walmart' }, { headers: { 'x-forwarded-proto': 'https' } })
      expect(String(b.headers['set-cookie'])).toContain('; Secure;')
      const c = await verify(proxied, { retailer: 'walmart' })
      expect(String(c.headers['set-cookie'])).not.toContain('Secure')
    } finally {
      await Promise.all([https.close(), proxied.close()])
    }
  })
})

describe('logging', () => {
  it('never writes a submitted code to the log', async () => {
    const { lines, stream } = logLines()
    const app = await appBeside(t, {
      logger: { level: 'trace', stream },
      access: { rateLimitPrefix: limitPrefix() },
    })
    try {
      const secretGuess = 'guess-7f3a9c-never-log-me'
      await verify(app, { retailer: 'circlek', accessCode: secretGuess })
      await verify(app, { retailer: 'circlek', accessCode: CODE })
      await verifyForm(app, { retailer: 'circlek', accessCode: secretGuess })
      const log = lines.join('')
      expect(log).toContain('access denied')
      expect(log).toContain('access granted')
      expect(log).not.toContain(secretGuess)
      expect(log).not.toContain(CODE)
    } finally {
      await app.close()
    }
  })
})
