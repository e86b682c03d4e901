// POST /api/applications against a real Postgres: storage, validation, idempotency, concurrency,
// transport limits and failure modes.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { applicationFields } from '../../lib/forms/application-schema.ts'
import { appBeside, withDatabaseDown } from '../helpers/app.ts'
import { logLines } from '../helpers/log-lines.ts'
import { apiError } from '../helpers/promised.ts'
import { sentUntilTaken } from '../helpers/shed-retry.ts'
import { formEndpointForFile, freshIp, postJson } from '../helpers/submissions.ts'

const URL = '/api/applications'

const valid = {
  companyName: '  Barton Springs Market, "Fresh" & Co  ',
  businessType: 'Grocery Store',
  numberOfLocations: '3',
  contactName: 'Ana  Núñez',
  email: '  Ana.Nunez@Example.COM ',
  phone: '(512) 555-0142',
  averageOrderValue: '42.5',
  monthlyOrderVolume: 1200,
  currentDeliveryMethod: 'Food delivery app (national marketplace)',
  additionalInfo: 'Line one, with a comma\r\nLine two — 東京 🚚\n',
}

const { t, post, count } = formEndpointForFile(URL, (prisma) => prisma.retailerApplication)

describe('POST /api/applications: valid submissions', () => {
  it('stores every field, normalised, and answers 201 { id }', async () => {
    const key = randomUUID()
    const res = await post(valid, { key })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const { id } = res.json()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const row = await t.db.prisma.retailerApplication.findUniqueOrThrow({ where: { id } })
    expect({ ...row, averageOrderValue: row.averageOrderValue?.toFixed(2) }).toEqual({
      id,
      createdAt: expect.any(Date),
      idempotencyKey: key,
      companyName: 'Barton Springs Market, "Fresh" & Co',
      businessType: 'Grocery Store',
      numberOfLocations: 3,
      contactName: 'Ana Núñez',
      email: 'ana.nunez@example.com',
      phone: '+15125550142',
      averageOrderValue: '42.50',
      monthlyOrderVolume: 1200,
      currentDeliveryMethod: 'Food delivery app (national marketplace)',
      additionalInfo: 'Line one, with a comma\nLine two — 東京 🚚',
    })
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000)
  })

  it('stores the optional fields as NULL when left empty, and ignores unknown fields', async () => {
    const res = await post({
      ...valid,
      averageOrderValue: '',
      monthlyOrderVolume: null,
      currentDeliveryMethod: '',
      additionalInfo: '   ',
      isAdmin: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    const row = await t.db.prisma.retailerApplication.findUniqueOrThrow({ where: { id: res.json().id } })
    expect(row).toMatchObject({
      averageOrderValue: null,
      monthlyOrderVolume: null,
      currentDeliveryMethod: null,
      additionalInfo: null,
      idempotencyKey: null,
    })
  })

  it('accepts zero locations and the common US and international phone formats', async () => {
    for (const [phone, stored] of [
      ['512-555-0142', '+15125550142'],
      ['512.555.0142', '+15125550142'],
      ['1 (512) 555-0142', '+15125550142'],
      ['+1 512 555 0142', '+15125550142'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      const res = await post({ ...valid, numberOfLocations: 0, phone })
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(201)
      const row = await t.db.prisma.retailerApplication.findUniqueOrThrow({ where: { id: res.json().id } })
      expect(row.phone).toBe(stored)
      expect(row.numberOfLocations).toBe(0)
    }
  })
})

describe('POST /api/applications: validation', () => {
  const invalid: [field: string, value: unknown][] = [
    ['companyName', ''],
    ['companyName', '   '],
    ['companyName', 'x'.repeat(161)],
    ['companyName', 42],
    ['businessType', 'Spaceport'],
    ['businessType', ''],
    ['numberOfLocations', ''],
    ['numberOfLocations', -1],
    ['numberOfLocations', 1.5],
    ['numberOfLocations', 'three'],
    ['numberOfLocations', 10_001],
    ['contactName', ''],
    ['contactName', 'y'.repeat(121)],
    ['email', 'not-an-email'],
    ['email', 'a@b'],
    ['email', `${'a'.repeat(250)}@example.com`],
    ['phone', ''],
    ['phone', '12345'],
    ['phone', 'call me maybe'],
    ['phone', '512-555-0142 ext 7'],
    ['phone', '(012) 555-0142'],
    ['averageOrderValue', -0.01],
    ['averageOrderValue', 12.345],
    ['averageOrderValue', 100_000.01],
    ['averageOrderValue', '$12'],
    ['monthlyOrderVolume', -5],
    ['monthlyOrderVolume', 2.5],
    ['monthlyOrderVolume', 10_000_001],
    ['currentDeliveryMethod', 'Carrier pigeon'],
    ['additionalInfo', 'z'.repeat(4001)],
    ['additionalInfo', 7],
  ]

  for (const [field, value] of invalid) {
    it(`refuses ${field} = ${JSON.stringify(value).slice(0, 40)} with a 400 naming it, and stores nothing`, async () => {
      const res = await post({ ...valid, [field]: value })
      expect(res.statusCode, res.body).toBe(400)
      const { error } = res.json()
      expect(error.code).toBe('validation_failed')
      expect(Object.keys(error.fields)).toEqual([field])
      expect(error.fields[field]).toMatch(/\w/)
      expect(await count()).toBe(0)
    })
  }

  it('names every missing required field', async () => {
    const res = await post({})
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      ['businessType', 'companyName', 'contactName', 'email', 'numberOfLocations', 'phone'].sort(),
    )
    expect(await count()).toBe(0)
  })

  it('refuses a body that is not an object or not JSON', async () => {
    for (const body of ['[]', '"text"', 'null']) {
      const res = await post(body)
      expect(res.statusCode, body).toBe(400)
    }
    const broken = await post('{"companyName": ')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().error.code).toBe('invalid_json')
    expect(await count()).toBe(0)
  })

  it('checks every schema field in these tests', () => {
    expect(new Set(invalid.map(([field]) => field))).toEqual(new Set(applicationFields))
  })
})

describe('POST /api/applications: idempotency', () => {
  it('answers a retry with the same key with the first answer and stores one row', async () => {
    const key = randomUUID()
    const first = await post(valid, { key })
    const retry = await post(valid, { key })
    expect(first.statusCode).toBe(201)
    expect(retry.statusCode).toBe(201)
    expect(retry.json()).toEqual(first.json())
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(await count()).toBe(1)
  })

  it('treats differently formatted but equal values as the same submission', async () => {
    const key = randomUUID()
    const first = await post(valid, { key })
    const retry = await post(
      { ...valid, phone: '512.555.0142', email: 'ana.nunez@example.com', averageOrderValue: 42.5 },
      { key },
    )
    expect(retry.statusCode).toBe(201)
    expect(retry.json().id).toBe(first.json().id)
    expect(await count()).toBe(1)
  })

  it('refuses the same key with different values (422) and keeps the first row', async () => {
    const key = randomUUID()
    await post(valid, { key })
    const other = await post({ ...valid, companyName: 'Another Store' }, { key })
    expect(other.statusCode).toBe(422)
    expect(other.json().error.code).toBe('idempotency_key_reused')
    expect(await count()).toBe(1)
  })

  it('stores one row when concurrent requests share a key', async () => {
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => sentUntilTaken(() => post(valid, { key }))),
    )
    for (const res of answers) expect(res.statusCode, res.body).toBe(201)
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1)
    expect(await count()).toBe(1)
  })

  it('refuses a malformed key with a 400 and stores nothing', async () => {
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon-key']) {
      const res = await post(valid, { key })
      expect(res.statusCode, key).toBe(400)
      expect(res.json().error.code).toBe('invalid_idempotency_key')
    }
    expect(await count()).toBe(0)
  })

  it('stores a new row for each new key, and without a key', async () => {
    await post(valid, { key: randomUUID() })
    await post(valid, { key: randomUUID() })
    await post(valid)
    expect(await count()).toBe(3)
  })
})

describe('POST /api/applications: load', () => {
  it('stores exactly 100 rows for 100 concurrent valid submissions', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const key = randomUUID()
        // What a loaded machine's pool cannot take in time is shed with a retryable 503 and sent again.
        return sentUntilTaken(() => post({ ...valid, companyName: `Store ${i}` }, { key }))
      }),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(Array(100).fill(201))
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(100)
    expect(await count()).toBe(100)
    const names = await t.db.prisma.retailerApplication.findMany({ select: { companyName: true } })
    expect(new Set(names.map((r) => r.companyName)).size).toBe(100)
  }, 60_000)
})

describe('POST /api/applications: transport', () => {
  it('answers 413 for a body over 16 KB and stores nothing', async () => {
    const res = await post({ ...valid, additionalInfo: 'x'.repeat(17 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('payload_too_large')
    expect(await count()).toBe(0)
  })

  it('accepts the largest valid body (limits fit inside 16 KB even in 3-byte characters)', async () => {
    const res = await post({
      ...valid,
      companyName: '東'.repeat(160),
      contactName: '京'.repeat(120),
      additionalInfo: '語'.repeat(4000),
    })
    expect(res.statusCode, res.body).toBe(201)
  })

  it('answers 415 for anything but JSON or a form encoding and stores nothing', async () => {
    const body = JSON.stringify(valid)
    // A JSON text labelled as a form is read as one: its raw non-ASCII is no browser's form body.
    const mislabelled = await post(body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(mislabelled.statusCode).toBe(400)
    expect(mislabelled.json().error.code).toBe('invalid_form_body')
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await post(body, { headers: { 'content-type': type } })
      expect(res.statusCode, type).toBe(415)
      expect(res.json().error.code).toBe('unsupported_media_type')
    }
    const none = await t.app.inject({ method: 'POST', url: URL, remoteAddress: freshIp(), payload: body })
    expect(none.statusCode).toBe(415)
    const charset = await post(body, { headers: { 'content-type': 'application/json; charset=utf-8' } })
    expect(charset.statusCode).toBe(201)
    expect(await count()).toBe(1)
  })

  it('answers 429 with Retry-After past 10 requests per IP in 10 minutes, other IPs unaffected', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) {
      const res = await post(valid, { ip })
      expect(res.statusCode).toBe(201)
    }
    const limited = await post(valid, { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500)
    expect(await count()).toBe(10)
    expect((await post(valid)).statusCode).toBe(201)
  })

  it('counts applications and contact messages separately', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) await post(valid, { ip })
    const contact = await postJson(
      t.app,
      '/api/contact',
      { name: 'A', email: 'a@example.com', message: 'Hi' },
      { ip },
    )
    expect(contact.statusCode).toBe(201)
  })
})

describe('POST /api/applications: failures', () => {
  it('answers 503 database_unavailable without internals when Postgres is down', async () => {
    const res = await withDatabaseDown(t, (app) => postJson(app, URL, valid, { key: randomUUID() }))
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual(
      apiError('database_unavailable', 'We could not save that right now. Please try again in a moment.'),
    )
    expect(res.body).not.toMatch(/127\.0\.0\.1|nowhere|P1001|prisma/i)
  })

  it('never writes the submitted values to the log', async () => {
    const { lines, stream: sink } = logLines()
    const app = await appBeside(t, { logger: { level: 'trace', stream: sink } as never })
    try {
      await postJson(app, URL, valid, { key: randomUUID() })
      await postJson(app, URL, { ...valid, email: 'broken' })
      const log = lines.join('\n')
      expect(log).toMatch(/retailer application stored/)
      // The phone in its submitted and normalised forms: a bare '555' also matches log timestamps.
      for (const secret of ['Barton', 'nunez', 'Nunez', '555-0142', '5125550142', 'broken', 'Line one']) {
        expect(log).not.toContain(secret)
      }
    } finally {
      await app.close()
    }
  })
})
