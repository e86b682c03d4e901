// The numbers the documentation promises, written here as the documentation writes them (docs/admin-cli.md
// on access codes, SECURITY.md's table of limits, docs/operations.md on e-mail links) and never read
// from the constants that implement them: a change of a constant that breaks a promise fails here.
// Windows are read from the answers' Retry-After (the limits count in real time) and lifetimes from
// the app's injectable clock: no test waits for a window to pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { grantCookie, grantedRetailers, limitPrefix, seedCode, testClock, verify } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { smtpReceiver } from '../helpers/notification-receivers.ts'
import { freshIp } from '../helpers/submissions.ts'

const MINUTE_S = 60
const HOUR_MS = 60 * 60_000

const clock = testClock()
let smtp: ReturnType<typeof smtpReceiver>
let t: TestApp

beforeAll(async () => {
  smtp = smtpReceiver(await freePort())
  await smtp.start()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_FROM: 'docket@rm5.example', NOTIFY_EMAIL_TO: 'ops@rm5.example' },
    access: { now: clock.now, rateLimitPrefix: limitPrefix() },
  })
  await seedCode(t.db, 'circlek', 'circle-k-documented-1')
  await seedCode(t.db, 'pizzahut', 'pizza-hut-documented-1')
  const known = await seedCode(t.db, 'compass', 'compass-documented-known-1')
  await t.db.prisma.accessCode.update({ where: { id: known }, data: { requireEmail: true } })
})
afterAll(async () => {
  await t?.close()
  await smtp?.stop()
})

/** A Retry-After that says the window is `seconds` long: whole, and at most a few seconds spent. */
function expectWindowOf(retryAfter: string | string[] | number | undefined, seconds: number) {
  const value = Number(retryAfter)
  expect(value).toBeLessThanOrEqual(seconds)
  expect(value).toBeGreaterThan(seconds - 15)
}

/** A verify call from a client no limit has seen yet. */
const verifyFromNewClient = (retailer: string, accessCode: string) =>
  verify(t.app, { retailer, accessCode }, { remoteAddress: freshIp() })

describe('docs/admin-cli.md: verify calls are limited to 10 a minute per client and gate', () => {
  it('answers the 11th call of one client at one gate 429 with a window of 60 seconds; other gates and clients are free', async () => {
    const client = freshIp()
    const wrong = { retailer: 'circlek', accessCode: 'circle-k-wrong-guess' }
    for (let n = 1; n <= 10; n++) {
      expect((await verify(t.app, wrong, { remoteAddress: client })).statusCode, `call ${n}`).toBe(200)
    }
    const limited = await verify(t.app, wrong, { remoteAddress: client })
    expect(limited.statusCode).toBe(429)
    expectWindowOf(limited.headers['retry-after'], MINUTE_S)
    // Per gate: the same client at another gate is not limited.
    const other = await verify(
      t.app,
      { retailer: 'pizzahut', accessCode: 'pizza-hut-documented-1' },
      { remoteAddress: client },
    )
    expect(other.json()).toEqual({ success: true })
    // Per client: another client at the same gate is not limited.
    expect((await verify(t.app, wrong, { remoteAddress: freshIp() })).statusCode).toBe(200)
  })
})

describe('SECURITY.md: unknown paths are limited to 60 a minute per client', () => {
  it('answers the 61st unknown path of one client 429 with a window of 60 seconds', async () => {
    const client = freshIp()
    for (let n = 1; n <= 60; n++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/documented-${n}`, remoteAddress: client })
      expect(res.statusCode, `path ${n}`).toBe(404)
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/documented-61', remoteAddress: client })
    expect(limited.statusCode).toBe(429)
    expectWindowOf(limited.headers['retry-after'], MINUTE_S)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/elsewhere', remoteAddress: freshIp() })).statusCode,
    ).toBe(404)
  })
})

describe('docs/operations.md: links are limited to 3 per address in 15 minutes', () => {
  it('answers the 4th link for one address 429 with a window of 15 minutes', async () => {
    const code = await verifyFromNewClient('compass', 'compass-documented-known-1')
    expect(code.json()).toEqual({ success: true, next: 'email' })
    const cookie = grantCookie(code)
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/access/email',
        payload: { retailer: 'compass', email: 'window@compass.example' },
        headers: { cookie },
        remoteAddress: freshIp(),
      })
    for (let n = 1; n <= 3; n++) expect((await ask()).statusCode, `link ${n}`).toBe(200)
    const limited = await ask()
    expect(limited.statusCode).toBe(429)
    expectWindowOf(limited.headers['retry-after'], 15 * MINUTE_S)
  })
})

describe('docs/admin-cli.md: any grant ends after 12 hours', () => {
  it('opens for 12 hours less a minute and not at 12 hours and a minute', async () => {
    const res = await verifyFromNewClient('circlek', 'circle-k-documented-1')
    const cookie = grantCookie(res)
    const retailers = () => grantedRetailers(t.app, cookie)
    expect(await retailers()).toEqual(['circlek'])
    clock.advance(12 * HOUR_MS - 60_000)
    expect(await retailers()).toEqual(['circlek'])
    clock.advance(2 * 60_000)
    expect(await retailers()).toEqual([])
  })
})
