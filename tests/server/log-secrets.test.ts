// No secret in any log line: the logs of a whole visit (a real access code from the codes CLI's
// module, grants, guarded pages, logout, rate limits, a cross-site post, applications, a contact
// message, a 500, a 404), written at trace level with the production logger settings, are
// collected and searched for every secret and personal value the requests carried.
import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server.ts'
import type { Env } from '../../server/env.server.ts'
import { loggerOptions } from '../../server/logger.server.ts'
import { grantCookie, limitPrefix, verify, verifyForm } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { generatedCode } from '../helpers/codes-cli.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { logLines } from '../helpers/log-lines.ts'
import { freshIp, postJson } from '../helpers/submissions.ts'

const COOKIE_SECRET = `cookie-secret-${randomBytes(24).toString('hex')}`
const BEARER = `bearer-${randomBytes(12).toString('hex')}`
const QUERY_TOKEN = `token-${randomBytes(12).toString('hex')}`
const application = {
  companyName: 'Quillfeather Provisions',
  businessType: 'Bakery',
  numberOfLocations: '4',
  contactName: 'Marisol Ventura-Okafor',
  email: 'Marisol.Ventura@Quillfeather.example',
  phone: '(737) 555-0187',
  averageOrderValue: '31.75',
  additionalInfo: 'Ask for the loading dock by the bakery door.',
}
const contact = {
  name: 'Theodora Blackwood',
  email: 'theo.blackwood@mailbox.example',
  company: 'Blackwood Atelier',
  message: 'Please call about the pilot in the warehouse district.',
}

const { lines, stream: sink } = logLines()
let t: TestApp
let app: FastifyInstance
let code: string

beforeAll(async () => {
  t = await createTestApp()
  code = await generatedCode(t.db.prisma, 'circlek')
  // Production settings, at the most talkative level, with a line for every request.
  const env: Env = { ...t.env, NODE_ENV: 'production', LOG_LEVEL: 'trace', COOKIE_SECRET, LOG_REQUESTS: true }
  app = await buildApp({
    env,
    db: t.db,
    storage: t.storage,
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { rateLimitPrefix: limitPrefix() },
    logger: { ...(loggerOptions(env) as object), stream: sink } as never,
  })
  app.get('/api/boom', async () => {
    throw new Error('an internal failure')
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await t?.close()
})

describe('log lines of a full visit', () => {
  it('never contain a code, the cookie secret, a grant, a token or personal data', async () => {
    const secretHeaders = { authorization: `Bearer ${BEARER}`, 'x-api-key': BEARER }
    // Access: a right code (JSON and form), wrong ones up to the limit, the code in a query string.
    const granted = await verify(app, { retailer: 'circlek', accessCode: code }, { headers: secretHeaders })
    expect(granted.json()).toEqual({ success: true })
    const cookie = grantCookie(granted)
    const grantValue = cookie.split('=')[1] as string
    expect((await verifyForm(app, { retailer: 'circlek', accessCode: code })).statusCode).toBe(303)
    for (let i = 0; i < 11; i++) {
      await verify(
        app,
        { retailer: 'circlek', accessCode: `${code}-wrong-${i}` },
        { remoteAddress: '198.51.100.77' },
      )
    }
    const limited = await verify(
      app,
      { retailer: 'circlek', accessCode: code },
      { remoteAddress: '198.51.100.77' },
    )
    expect(limited.statusCode).toBe(429)
    await app.inject({
      method: 'POST',
      url: `/api/access/verify?code=${code}`,
      payload: { retailer: 'circlek' },
    })
    // A cross-site post carrying the code, refused.
    const crossSite = await verify(
      app,
      { retailer: 'circlek', accessCode: code },
      { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
    )
    expect(crossSite.statusCode).toBe(403)

    // Guarded pages with the grant, secrets in headers and query.
    const headers = { cookie: `${cookie}; session=${BEARER}`, ...secretHeaders }
    expect((await app.inject({ url: `/docket?token=${QUERY_TOKEN}`, headers })).statusCode).toBe(200)
    expect((await app.inject({ url: '/circlek/proposal', headers })).statusCode).toBe(200)
    expect((await app.inject({ url: `/no-such-page?token=${QUERY_TOKEN}`, headers })).statusCode).toBe(404)
    const logout = await app.inject({
      method: 'POST',
      url: '/api/access/logout',
      payload: { retailer: 'circlek' },
      headers,
    })
    expect(logout.statusCode).toBe(200)

    // Forms: stored, refused, retried, and a failure.
    expect(
      (await postJson(app, '/api/applications', application, { key: randomUUID(), headers })).statusCode,
    ).toBe(201)
    expect((await postJson(app, '/api/applications', { ...application, phone: 'call me' })).statusCode).toBe(
      400,
    )
    const key = randomUUID()
    await postJson(app, '/api/contact', contact, { key })
    await postJson(app, '/api/contact', contact, { key })
    await postJson(app, '/api/contact', { ...contact, email: 'not-an-address' })
    const ip = freshIp()
    for (let i = 0; i < 11; i++) await postJson(app, '/api/contact', contact, { ip })
    const boom = await app.inject({ url: `/api/boom?token=${QUERY_TOKEN}`, headers })
    expect(boom.statusCode).toBe(500)

    const log = lines.join('')
    // The log did record the visit: these are the lines an admin relies on.
    for (const message of [
      'access granted',
      'access denied',
      'access verify rate limited',
      'cross-site request refused',
      'retailer application stored',
      'contact message stored',
      'request failed',
      'unknown path',
    ]) {
      expect(log, message).toContain(message)
    }
    // One line per request (LOG_REQUESTS): route and outcome, the client only as a hash.
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request')
    expect(requests.length).toBeGreaterThan(30)
    const docket = requests.find((entry) => entry.route === '/docket')
    expect(docket).toMatchObject({
      method: 'GET',
      status: 200,
      ipHash: expect.stringMatching(/^[0-9a-f]{12}$/),
    })
    expect(docket.ms).toBeTypeOf('number')
    expect(Object.keys(docket)).not.toContain('req')
    expect(requests.find((entry) => entry.status === 404)?.route).toBe('unmatched')
    expect(log).not.toContain('198.51.100.77')
    const secrets: Record<string, string> = {
      'access code': code,
      COOKIE_SECRET: COOKIE_SECRET,
      'grant cookie value': grantValue,
      'grant signature': grantValue.split('.').pop() as string,
      'bearer token': BEARER,
      'query token': QUERY_TOKEN,
    }
    // Personal values (not the business type or amounts, which are neither personal nor unique).
    const personal = [
      application.companyName,
      application.contactName,
      application.email,
      application.phone,
      application.additionalInfo,
      ...Object.values(contact),
    ]
    for (const value of personal) secrets[`form value "${value}"`] = value
    Object.assign(secrets, {
      'normalised email': application.email.toLowerCase(),
      'normalised phone': '+17375550187',
      'phone digits': '5550187',
      'contact email user': 'theo.blackwood',
      'refused phone': 'call me',
      'refused email': 'not-an-address',
    })
    for (const [name, value] of Object.entries(secrets)) {
      expect(log.includes(value), `${name} appears in the log`).toBe(false)
    }
    console.log(
      `log secrets: ${lines.length} log lines of a full visit searched for ${Object.keys(secrets).length} secret ` +
        'and personal values: none found',
    )
  })
})
