// Codes that require a work e-mail: the gate's e-mail step, the one-time link by real SMTP (a
// receiver on loopback), its use, and the limits, against real Postgres and Redis.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linksSettled } from '../../server/access/email-link-routes.server.ts'
import {
  grantCookie,
  limitPrefix,
  seedCode,
  testClock,
  verify,
  verifyFormFresh,
  verifyFresh,
} from '../helpers/access.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { mailText, tokenIn } from '../helpers/email-links.ts'
import { logLines } from '../helpers/log-lines.ts'
import { createMailingTestApp, type SmtpReceiver } from '../helpers/mailing-app.ts'
import { until } from '../helpers/notification-receivers.ts'
import { EMAIL_LINK_LIMITS } from '../helpers/promised.ts'

const CODE = 'circle-k-known-viewers-1'
const SAME_ANSWER = {
  success: true,
  message: 'If this address may open the docket, we sent a link. It works once, within 15 minutes.',
}
const clock = testClock()
let smtp: SmtpReceiver
let t: TestApp
let codeId: string

beforeAll(async () => {
  ;({ t, smtp } = await createMailingTestApp('docket@rm5.example', clock.now))
  codeId = await seedCode(t.db, 'circlek', CODE, { label: 'Circle K buyers' })
  await t.db.prisma.accessCode.update({
    where: { id: codeId },
    data: { requireEmail: true, allowDomains: ['circlek.com'] },
  })
})
afterAll(async () => {
  await t?.close()
  await smtp?.stop()
})

let ip = 0
const nextIp = () => `198.51.100.${++ip}`

const setCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String)

/** A right code from a fresh client: the pending cookie it got, as a Cookie header. */
async function pending(remoteAddress = nextIp()): Promise<string> {
  const res = await verify(t.app, { retailer: 'circlek', accessCode: CODE }, { remoteAddress })
  expect(res.json()).toEqual({ success: true, next: 'email' })
  return grantCookie(res)
}

const askLink = (email: string, cookie: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access/email',
    payload: { retailer: 'circlek', email },
    headers: { cookie },
    remoteAddress,
  })

const askLinkForm = (email: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access/email',
    payload: new URLSearchParams({ retailer: 'circlek', email }).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: nextIp(),
  })

const postLink = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access/link',
    payload: new URLSearchParams({ token, gate: 'circlek' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: nextIp(),
  })

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address))

describe('the code step', () => {
  it('answers a right code with the e-mail step and a pending cookie, not a grant', async () => {
    const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: CODE })
    expect(res.json()).toEqual({ success: true, next: 'email' })
    const cookies = setCookies(res)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(
      /^circlek-pending=p1\.[0-9a-f-]{36}\.\d+\.[\w+/]{43}; Max-Age=900; Path=\/api\/access\/email; HttpOnly; Secure; SameSite=Strict$/,
    )
    expect(cookies[0]).not.toContain(CODE)
    expect(await t.app.access.grants.grantsFor(grantCookie(res))).toEqual([])
  })

  it('sends a plain form post on to ?step=email', async () => {
    const res = await verifyFormFresh(t.app, { retailer: 'circlek', accessCode: CODE })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/circlek?step=email')
    expect(setCookies(res)[0]).toMatch(/^circlek-pending=/)
  })

  it('still refuses a wrong code as before', async () => {
    const res = await verifyFresh(t.app, { retailer: 'circlek', accessCode: 'circle-k-wrong-code' })
    expect(res.json()).toEqual({ success: false })
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

describe('the e-mail step', () => {
  it('answers an allowed and a refused address the same; only the allowed one gets mail', async () => {
    const cookie = await pending()
    const refused = await askLink('bob@example.com', cookie)
    const allowed = await askLink('Ana@CircleK.com', cookie)
    for (const res of [refused, allowed]) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(SAME_ANSWER)
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    await linksSettled(t.app)
    await until('the link mail arrives', () => mailsTo('ana@circlek.com').length === 1)
    expect(mailsTo('bob@example.com')).toEqual([])
    const mail = mailsTo('ana@circlek.com')[0]
    if (!mail) throw new Error('no mail')
    expect(mail.from).toBe('docket@rm5.example')
    const text = mailText(mail)
    expect(text).toContain('Subject: Your link to the Circle K docket')
    expect(text).toMatch(/https:\/\/rm5\.example\/access\/link\?token=[\w-]{43}&gate=circlek/)
    expect(text).toContain('It works once, within 15 minutes')
    expect(await t.db.prisma.emailLink.count({ where: { email: 'bob@example.com' } })).toBe(0)
  })

  it('accepts a subdomain of an allowed domain', async () => {
    const res = await askLink('eve@eu.circlek.com', await pending())
    expect(res.json()).toEqual(SAME_ANSWER)
    await until('the link mail arrives', () => mailsTo('eve@eu.circlek.com').length === 1)
  })

  it('needs the pending cookie: none, forged or older than 15 minutes sends back to the code', async () => {
    const cookie = await pending()
    const forged = cookie.replace(/\.[\w+/]{43}$/, `.${'A'.repeat(43)}`)
    for (const sent of ['', forged]) {
      const res = await askLink('ana@circlek.com', sent)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('pending_expired')
    }
    const form = await askLinkForm('ana@circlek.com', forged)
    expect(form.statusCode).toBe(303)
    expect(form.headers.location).toBe('/circlek?error=expired')
    clock.advance(15 * 60_000)
    const late = await askLink('ana@circlek.com', cookie)
    expect(late.statusCode).toBe(403)
  })

  it('refuses what is not an address, with the field named; a form post goes back to the step', async () => {
    const cookie = await pending()
    for (const email of ['not-an-address', `${'a'.repeat(250)}@circlek.com`, '']) {
      const res = await askLink(email, cookie)
      expect(res.statusCode, email).toBe(400)
      expect(Object.keys(res.json().error.fields)).toEqual(['email'])
    }
    const form = await askLinkForm('nope', cookie)
    expect(form.statusCode).toBe(303)
    expect(form.headers.location).toBe('/circlek?step=email&error=email')
    const sent = await askLinkForm('zoe@circlek.com', cookie)
    expect(sent.headers.location).toBe('/circlek?step=sent')
  })
})

describe('the link', () => {
  async function freshToken(email: string): Promise<string> {
    const before = mailsTo(email).length
    await askLink(email, await pending())
    await until('the link mail arrives', () => mailsTo(email).length === before + 1)
    const mail = mailsTo(email).at(-1)
    if (!mail) throw new Error('no mail')
    return tokenIn(mail)
  }

  it('works once: a grant naming the viewer, the use and the grant recorded', async () => {
    const token = await freshToken('lee@circlek.com')
    const usesBefore = (await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id: codeId } })).useCount
    const res = await postLink(token)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/docket')
    expect(res.headers['cache-control']).toBe('no-store')
    const cookie = grantCookie(res)
    expect(cookie).toMatch(/^circlek-access=s1\./)
    expect(await t.app.access.grants.grantsFor(cookie)).toEqual([
      {
        retailer: 'circlek',
        codeId,
        email: 'lee@circlek.com',
        label: 'Circle K buyers',
        partnerName: 'Circle K',
        sessionId: expect.any(String),
      },
    ])
    const code = await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id: codeId } })
    expect(code.useCount).toBe(usesBefore + 1)
    expect(code.lastUsedAt?.getTime()).toBe(clock.now().getTime())
    const attempt = await t.db.prisma.accessAttempt.findFirst({ orderBy: { id: 'desc' } })
    expect(attempt).toMatchObject({ retailer: 'circlek', outcome: 'granted' })

    const again = await postLink(token)
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/access/link?error=expired&gate=circlek')
    expect(again.headers['set-cookie']).toBeUndefined()
    const json = await t.app.inject({ method: 'POST', url: '/api/access/link', payload: { token } })
    expect(json.statusCode).toBe(410)
    expect(json.json().error.message).toBe('This link has expired or was already used; ask for a new one.')
  })

  it('expires after 15 minutes', async () => {
    const token = await freshToken('max@circlek.com')
    clock.advance(15 * 60_000 + 1000)
    const res = await postLink(token)
    expect(res.headers.location).toBe('/access/link?error=expired&gate=circlek')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('refuses an unknown or malformed token the same way', async () => {
    for (const token of ['A'.repeat(43), 'short', '']) {
      const res = await postLink(token)
      expect(res.statusCode, token).toBe(303)
      expect(res.headers.location).toBe('/access/link?error=expired&gate=circlek')
    }
  })

  it('opens nothing once its code is revoked', async () => {
    const other = await seedCode(t.db, 'pizzahut', 'pizza-known-viewers-1')
    await t.db.prisma.accessCode.update({ where: { id: other }, data: { requireEmail: true } })
    const res = await verifyFresh(t.app, { retailer: 'pizzahut', accessCode: 'pizza-known-viewers-1' })
    const cookie = grantCookie(res)
    await t.app.inject({
      method: 'POST',
      url: '/api/access/email',
      payload: { retailer: 'pizzahut', email: 'kim@anywhere.example' },
      headers: { cookie },
      remoteAddress: nextIp(),
    })
    await until('the link mail arrives', () => mailsTo('kim@anywhere.example').length === 1)
    const mail = mailsTo('kim@anywhere.example')[0]
    if (!mail) throw new Error('no mail')
    await t.db.prisma.accessCode.update({ where: { id: other }, data: { revokedAt: clock.now() } })
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/access/link',
      payload: { token: tokenIn(mail) },
    })
    expect(used.statusCode).toBe(410)
  })
})

describe('limits', () => {
  it('per address: the fourth link in 15 minutes is refused with Retry-After, from any client', async () => {
    const cookie = await pending()
    for (let i = 0; i < 3; i++) expect((await askLink('rate@circlek.com', cookie)).statusCode).toBe(200)
    const limited = await askLink('rate@circlek.com', cookie)
    expect(limited.statusCode).toBe(429)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(900)
    const form = await askLinkForm('rate@circlek.com', cookie)
    expect(form.statusCode).toBe(303)
    expect(form.headers.location).toMatch(/^\/circlek\?step=email&error=rate_limited&retry=\d+$/)
    // Another address is still served.
    expect((await askLink('other@circlek.com', cookie)).statusCode).toBe(200)
    await linksSettled(t.app)
    expect(mailsTo('rate@circlek.com').length).toBe(3)
  })

  it('per client: the eleventh request from one address in 15 minutes is refused', async () => {
    const client = nextIp()
    const cookie = await pending(client)
    for (let i = 0; i < 10; i++) {
      expect((await askLink(`person${i}@example.com`, cookie, client)).statusCode, `request ${i + 1}`).toBe(
        200,
      )
    }
    const limited = await askLink('person-last@example.com', cookie, client)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await askLink('person-last@example.com', cookie, nextIp())).statusCode).toBe(200)
  })
})

describe('Redis unreachable', () => {
  it('still limits the e-mail step, with per-instance counters', async () => {
    const cut = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_FROM: 'docket@rm5.example',
        NOTIFY_EMAIL_TO: 'ops@rm5.example',
        REDIS_URL: 'redis://127.0.0.1:1',
      },
      access: { rateLimitPrefix: limitPrefix() },
    })
    try {
      const id = await seedCode(cut.db, 'compass', 'compass-known-viewers-redis-1')
      await cut.db.prisma.accessCode.update({ where: { id }, data: { requireEmail: true } })
      const code = await verify(cut.app, { retailer: 'compass', accessCode: 'compass-known-viewers-redis-1' })
      const cookie = grantCookie(code)
      const ask = (n: number) =>
        cut.app.inject({
          method: 'POST',
          url: '/api/access/email',
          payload: { retailer: 'compass', email: `person-${n}@example.com` },
          headers: { cookie },
          remoteAddress: '203.0.113.77',
        })
      for (let n = 0; n < EMAIL_LINK_LIMITS.perClient.max; n++) expect((await ask(n)).statusCode).toBe(200)
      const over = await ask(EMAIL_LINK_LIMITS.perClient.max)
      expect(over.statusCode).toBe(429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await cut.close()
    }
  })
})

describe('without mail settings', () => {
  it('answers a right code with the notice that no link can be sent', async () => {
    const bare = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
    try {
      const id = await seedCode(bare.db, 'compass', 'compass-known-viewers-1')
      await bare.db.prisma.accessCode.update({ where: { id }, data: { requireEmail: true } })
      const json = await verifyFresh(bare.app, { retailer: 'compass', accessCode: 'compass-known-viewers-1' })
      expect(json.statusCode).toBe(503)
      expect(json.json().error.code).toBe('mail_unavailable')
      expect(json.headers['set-cookie']).toBeUndefined()
      const form = await verifyFormFresh(bare.app, {
        retailer: 'compass',
        accessCode: 'compass-known-viewers-1',
      })
      expect(form.statusCode).toBe(303)
      expect(form.headers.location).toBe('/compass?step=unavailable')
    } finally {
      await bare.close()
    }
  })
})

describe('logs', () => {
  it('never hold the address, the token or the code, at info level', async () => {
    const { lines, stream } = logLines()
    const app = await appBeside(t, {
      logger: { level: 'info', stream },
      access: { now: clock.now, rateLimitPrefix: limitPrefix() },
    })
    await app.ready()
    try {
      const address = 'logged-never@circlek.com'
      const verified = await verifyFresh(app, { retailer: 'circlek', accessCode: CODE })
      const cookie = grantCookie(verified)
      for (const email of [address, 'refused-never@example.com']) {
        await app.inject({
          method: 'POST',
          url: '/api/access/email',
          payload: { retailer: 'circlek', email },
          headers: { cookie },
          remoteAddress: nextIp(),
        })
      }
      await linksSettled(app)
      await until('the link mail arrives', () => mailsTo(address).length === 1)
      const mail = mailsTo(address)[0]
      if (!mail) throw new Error('no mail')
      const token = tokenIn(mail)
      const used = await app.inject({ method: 'POST', url: '/api/access/link', payload: { token } })
      expect(used.statusCode).toBe(200)
      const log = lines.join('')
      expect(log).toContain('access link sent')
      expect(log).toContain('access granted by e-mail link')
      for (const secret of [address, 'refused-never', 'logged-never', token, CODE]) {
        expect(log, secret).not.toContain(secret)
      }
    } finally {
      await app.close()
    }
  })
})
