// POST /api/contact against a real Postgres: the contact form's message is really stored.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contactFields } from '../../lib/forms/contact-schema.ts'
import { withDatabaseDown } from '../helpers/app.ts'
import { apiError } from '../helpers/promised.ts'
import { sentUntilTaken } from '../helpers/shed-retry.ts'
import { formEndpointForFile, freshIp, postJson } from '../helpers/submissions.ts'

const URL = '/api/contact'

const valid = {
  name: '  Grace   Hopper ',
  email: 'Grace@Example.org',
  company: '',
  message: 'Hello,\r\n"quoted", =SUM(A1) and ünïcödé 🚚\n\n',
}

const { t, post, count } = formEndpointForFile(URL, (prisma) => prisma.contactMessage)

describe('POST /api/contact', () => {
  it('stores the message with every field and answers 201 { id }', async () => {
    const key = randomUUID()
    const res = await post({ ...valid, company: ' Navy Labs ' }, { key })
    expect(res.statusCode, res.body).toBe(201)
    const row = await t.db.prisma.contactMessage.findUniqueOrThrow({ where: { id: res.json().id } })
    expect(row).toEqual({
      id: res.json().id,
      createdAt: expect.any(Date),
      idempotencyKey: key,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      company: 'Navy Labs',
      message: 'Hello,\n"quoted", =SUM(A1) and ünïcödé 🚚',
    })
  })

  it('stores an empty company as NULL', async () => {
    const res = await post(valid)
    expect(res.statusCode).toBe(201)
    const row = await t.db.prisma.contactMessage.findUniqueOrThrow({ where: { id: res.json().id } })
    expect(row.company).toBeNull()
  })

  const invalid: [field: string, value: unknown][] = [
    ['name', ''],
    ['name', 'n'.repeat(121)],
    ['email', 'grace@'],
    ['email', ''],
    ['company', 'c'.repeat(161)],
    ['company', 12],
    ['message', '  \n '],
    ['message', 'm'.repeat(4001)],
  ]
  for (const [field, value] of invalid) {
    it(`refuses ${field} = ${JSON.stringify(value).slice(0, 30)} with a 400 naming it, and stores nothing`, async () => {
      const res = await post({ ...valid, [field]: value })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error.code).toBe('validation_failed')
      expect(Object.keys(res.json().error.fields)).toEqual([field])
      expect(await count()).toBe(0)
    })
  }

  it('checks every schema field in these tests', () => {
    expect(new Set(invalid.map(([field]) => field))).toEqual(new Set(contactFields))
  })

  it('stores a retried message once, also when the retries race', async () => {
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sentUntilTaken(() => post(valid, { key }))),
    )
    expect(answers.map((res) => `${res.statusCode} ${res.body}`)).toEqual(
      Array(8).fill(expect.stringMatching(/^201 /)),
    )
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1)
    const later = await post(valid, { key })
    expect(later.json().id).toBe(answers[0]?.json().id)
    expect(await count()).toBe(1)
  })

  it('stores exactly 100 rows for 100 concurrent messages', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const key = randomUUID()
        // What a loaded machine's pool cannot take in time is shed with a retryable 503 and sent again.
        return sentUntilTaken(() => post({ ...valid, name: `Sender ${i}` }, { key }))
      }),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(Array(100).fill(201))
    expect(await count()).toBe(100)
  }, 60_000)

  it('answers 413 over 16 KB and 415 for non-JSON, storing nothing', async () => {
    const big = await post({ ...valid, message: 'x'.repeat(17 * 1024) })
    expect(big.statusCode).toBe(413)
    const text = await post(JSON.stringify(valid), { headers: { 'content-type': 'text/plain' } })
    expect(text.statusCode).toBe(415)
    expect(await count()).toBe(0)
  })

  it('answers 429 past 10 messages per IP in 10 minutes', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) expect((await post(valid, { ip })).statusCode).toBe(201)
    const limited = await post(valid, { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(await count()).toBe(10)
  })

  it('answers 503 database_unavailable when Postgres is down', async () => {
    const res = await withDatabaseDown(t, (app) => postJson(app, URL, valid))
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual(
      apiError('database_unavailable', 'We could not save that right now. Please try again in a moment.'),
    )
  })
})
