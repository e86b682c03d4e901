// The HTML form path of POST /api/applications and /api/contact (decision 022): what a browser
// without JavaScript sends (application/x-www-form-urlencoded), against a real Postgres. The
// pages the server renders for a failed post are tested in form-pages.test.ts (they need a build).
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isRecentlySent } from '../../lib/forms/confirmation.ts'
import { testAppForFile } from '../helpers/app.ts'
import { formBody, postForm } from '../helpers/form-posts.ts'
import { TRANSPORT } from '../helpers/promised.ts'
import { freshIp } from '../helpers/submissions.ts'

const APPLY = '/api/applications'
const CONTACT = '/api/contact'

const application = {
  companyName: 'Barton  Springs Market',
  businessType: 'Grocery Store',
  numberOfLocations: '3',
  contactName: 'Ana Núñez',
  email: 'Ana@Example.com',
  phone: '(512) 555-0142',
  averageOrderValue: '19.99',
  monthlyOrderVolume: '',
  currentDeliveryMethod: '',
  additionalInfo: 'Line one\r\nline two',
  idempotencyKey: '',
}
const message = {
  name: 'Grace Hopper',
  email: 'grace@example.org',
  company: '',
  message: 'Hello',
  idempotencyKey: '',
}

const t = testAppForFile({}, async ({ db }) => {
  await db.prisma.retailerApplication.deleteMany()
  await db.prisma.contactMessage.deleteMany()
})
const applications = () => t.db.prisma.retailerApplication.findMany()
const messages = () => t.db.prisma.contactMessage.findMany()

describe('a form post', () => {
  it('is stored like the JSON one and answered 303 to the confirmation page, never cached', async () => {
    const res = await postForm(t.app, APPLY, application)
    expect(res.statusCode, res.body).toBe(303)
    // With the minute it was stored: the confirmation says "received" only soon after (lib/forms/confirmation.ts).
    expect(res.headers.location).toMatch(/^\/apply\/received\?sent=[1-9]\d*$/)
    expect(
      isRecentlySent(new URL(res.headers.location as string, 'http://x').searchParams.get('sent') ?? ''),
    ).toBe(true)
    expect(res.headers['cache-control']).toBe('no-store')
    const [row, ...more] = await applications()
    expect(more).toEqual([])
    expect(row).toMatchObject({
      companyName: 'Barton Springs Market',
      email: 'ana@example.com',
      phone: '+15125550142',
      monthlyOrderVolume: null,
      currentDeliveryMethod: null,
      additionalInfo: 'Line one\nline two',
    })
    expect(row?.averageOrderValue?.toString()).toBe('19.99')
    const contact = await postForm(t.app, CONTACT, message)
    expect(contact.statusCode).toBe(303)
    expect(contact.headers.location).toMatch(/^\/contact\/sent\?sent=[1-9]\d*$/)
    expect(await messages()).toHaveLength(1)
  })

  it('asking for JSON (the enhanced form) gets 201 { id } and JSON errors', async () => {
    const headers = { accept: 'application/json' }
    const res = await postForm(t.app, CONTACT, message, { headers })
    expect(res.statusCode).toBe(201)
    expect(res.json().id).toBe((await messages())[0]?.id)
    const invalid = await postForm(t.app, CONTACT, { ...message, email: 'grace@' }, { headers })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.fields).toEqual({
      email: 'Enter a valid e-mail address, like name@company.com.',
    })
  })

  it('with the same hidden idempotency key twice is stored once', async () => {
    const idempotencyKey = randomUUID()
    const first = await postForm(t.app, APPLY, { ...application, idempotencyKey })
    const second = await postForm(t.app, APPLY, { ...application, idempotencyKey })
    expect([first.statusCode, second.statusCode]).toEqual([303, 303])
    expect(second.headers['idempotent-replayed']).toBe('true')
    const rows = await applications()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.idempotencyKey).toBe(idempotencyKey)
    // The key reused for other answers is refused, not stored.
    const other = await postForm(t.app, APPLY, { ...application, companyName: 'Other', idempotencyKey })
    expect(other.statusCode).toBe(422)
    expect(await applications()).toHaveLength(1)
  })

  it('without a key: the same answers from one client are stored once, changed answers or another client again', async () => {
    const ip = freshIp()
    expect((await postForm(t.app, CONTACT, message, { ip })).statusCode).toBe(303)
    const twice = await postForm(t.app, CONTACT, message, { ip })
    expect(twice.headers['idempotent-replayed']).toBe('true')
    expect(await messages()).toHaveLength(1)
    await postForm(t.app, CONTACT, { ...message, message: 'Hello again' }, { ip })
    await postForm(t.app, CONTACT, message, { ip: freshIp() })
    expect(await messages()).toHaveLength(3)
  })

  it('refuses a malformed hidden key', async () => {
    const res = await postForm(t.app, CONTACT, { ...message, idempotencyKey: 'bad key!' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_idempotency_key')
    expect(await messages()).toEqual([])
  })

  it('refuses a field sent twice, and a key sent twice', async () => {
    for (const body of [
      { ...message, email: ['grace@example.org', 'other@example.org'] },
      { ...message, name: ['Grace', 'Grace'] },
      { ...message, idempotencyKey: [randomUUID(), randomUUID()] },
    ]) {
      const res = await postForm(t.app, CONTACT, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await messages()).toEqual([])
  })

  it('ignores unknown fields, prototype keys included', async () => {
    const res = await postForm(
      t.app,
      CONTACT,
      `${formBody(message)}&isAdmin=true&id=${randomUUID()}&__proto__[x]=1&constructor=2&createdAt=2000-01-01`,
    )
    expect(res.statusCode, res.body).toBe(303)
    const [row] = await messages()
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2000)
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['company', 'createdAt', 'email', 'id', 'idempotencyKey', 'message', 'name'].sort(),
    )
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('refuses bodies no browser sends: broken escapes, escaped non-UTF-8, raw non-ASCII bytes', async () => {
    const valid = formBody(message)
    for (const body of [
      `${valid}&name=%E0%A4%A`,
      valid.replace('name=Grace', 'name=%FF%FE'),
      valid.replace('Hello', '%'),
      Buffer.concat([Buffer.from(`${valid}&company=`), Buffer.from([0xe9, 0x74, 0xe9])]).toString('latin1'),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: CONTACT,
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: Buffer.from(body, 'latin1'),
      })
      expect(res.statusCode, body).toBe(400)
      expect(res.json().error.code).toBe('invalid_form_body')
    }
    expect(await messages()).toEqual([])
  })

  it('takes the longest valid answers in any script, and refuses a body over the form limit with 413', async () => {
    // 4,000 characters of 3 UTF-8 bytes, each byte sent as %XX: far over the JSON limit, under the form one.
    const longest = { ...message, message: '語'.repeat(4000), name: '東'.repeat(120) }
    expect(formBody(longest).length).toBeGreaterThan(16 * 1024)
    expect((await postForm(t.app, CONTACT, longest)).statusCode).toBe(303)
    const oversize = await postForm(t.app, CONTACT, {
      ...message,
      message: 'x'.repeat(TRANSPORT.formBodyBytes),
    })
    expect(oversize.statusCode).toBe(413)
    expect(oversize.json().error.code).toBe('payload_too_large')
    expect(await messages()).toHaveLength(1)
  })

  it('from another origin is refused before anything is read or stored', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of foreign) {
      const res = await postForm(t.app, APPLY, application, { headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
      expect(res.json().error.code).toBe('cross_site_request')
    }
    // The site's own origin passes.
    const own = await postForm(t.app, APPLY, application, {
      headers: { origin: new URL(t.env.SITE_URL).origin, 'sec-fetch-site': 'same-origin' },
    })
    expect(own.statusCode).toBe(303)
    expect(await applications()).toHaveLength(1)
  })

  it('is rate limited per client like the JSON one: 10 in 10 minutes, then 429 with Retry-After', async () => {
    const ip = freshIp()
    for (let n = 0; n < 10; n++) {
      const res = await postForm(t.app, CONTACT, { ...message, message: `Message ${n}` }, { ip })
      expect(res.statusCode).toBe(303)
    }
    const limited = await postForm(t.app, CONTACT, { ...message, message: 'one too many' }, { ip })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(await messages()).toHaveLength(10)
    // Counted with the JSON posts of the same client: one limit per client and route.
    const json = await t.app.inject({
      method: 'POST',
      url: CONTACT,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...message, message: 'json' }),
    })
    expect(json.statusCode).toBe(429)
  })
})
