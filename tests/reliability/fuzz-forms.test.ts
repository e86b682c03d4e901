// Property-based fuzzing of POST /api/applications and POST /api/contact: FUZZ_CASES generated
// requests each, 10,000 in a release (valid, mutated, raw text, prototype pollution; JSON and HTML
// form encoding with fields sent twice and broken escapes; every content type, CSRF header and idempotency key shape). The shared zod schema is the oracle: the server must answer exactly
// what it implies, never a 5xx, never internals, and store one row per 201 and nothing else.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applicationSchema, businessTypes, deliveryMethods } from '../../lib/forms/application-schema.ts'
import { contactSchema } from '../../lib/forms/contact-schema.ts'
import { IDEMPOTENCY_FIELD } from '../../lib/forms/idempotency.ts'
import { testAppForFile } from '../helpers/app.ts'
import { randomIp } from '../helpers/form-bodies.ts'
import {
  expectNoLeak,
  expectPrototypesClean,
  FUZZ_BATCHES,
  FUZZ_CASES,
  fuzzInBatches,
  hostileValue,
  pollutionJson,
  pollutionKeys,
  refusedAsPollution,
} from '../helpers/fuzz.ts'
import { TRANSPORT } from '../helpers/promised.ts'

const CASES = FUZZ_BATCHES // FUZZ_CASES per endpoint: 1,000 in npm test, 10,000 in a release

const t = testAppForFile({})

const text = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max })
const nanpPhone = fc
  .tuple(
    fc.integer({ min: 200, max: 999 }),
    fc.integer({ min: 200, max: 999 }),
    fc.integer({ min: 0, max: 9999 }),
  )
  .chain(([area, exchange, line]) => {
    const l = String(line).padStart(4, '0')
    return fc.constantFrom(
      `(${area}) ${exchange}-${l}`,
      `${area}.${exchange}.${l}`,
      `+1 ${area} ${exchange} ${l}`,
    )
  })
const phone = fc.oneof(
  nanpPhone,
  fc.integer({ min: 2, max: 9 }).map((cc) => `+${cc}4 20 7946 0958`),
)
const optional = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constantFrom(undefined, null, ''))
// fc.emailAddress() follows RFC 5322, which allows far more than any form accepts (zod's rule):
// nearly all of it would be filtered out. These are addresses people really type.
const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9_+-]{0,20}[A-Za-z0-9])?$/),
    fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,12}[a-z0-9])?$/),
    fc.constantFrom('com', 'org', 'co.uk', 'example', 'io', 'de'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
const email = fc.oneof(
  plainEmail,
  plainEmail.map((e) => `  ${e.toUpperCase()} `),
)

const validApplication = fc
  .record({
    companyName: text(60),
    businessType: fc.constantFrom(...businessTypes),
    numberOfLocations: fc.oneof(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10_000 }).map(String),
    ),
    contactName: text(60),
    email,
    phone,
    averageOrderValue: optional(
      fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2)),
    ),
    monthlyOrderVolume: optional(fc.integer({ min: 0, max: 10_000_000 })),
    currentDeliveryMethod: optional(fc.constantFrom(...deliveryMethods)),
    additionalInfo: optional(fc.string({ unit: 'grapheme', maxLength: 400 })),
  })
  .filter((body) => applicationSchema.safeParse(body).success)

const validContact = fc
  .record({
    name: text(60),
    email,
    company: optional(text(60)),
    message: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 600 }),
  })
  .filter((body) => contactSchema.safeParse(body).success)

type Body = Record<string, unknown>

/** A valid body broken (or not) in one way: a field dropped, retyped, oversized, or a key added. */
function mutated(valid: fc.Arbitrary<Body>, fields: string[]): fc.Arbitrary<Body> {
  return fc.tuple(valid, fc.constantFrom(...fields)).chain(([body, field]) =>
    fc.oneof(
      fc.constant(Object.fromEntries(Object.entries(body).filter(([k]) => k !== field))),
      hostileValue.map((value) => ({ ...body, [field]: value })),
      fc.integer({ min: 100, max: 20_000 }).map((n) => ({ ...body, [field]: 'x'.repeat(n) })),
      fc
        .tuple(
          fc.oneof(fc.constantFrom(...pollutionKeys, 'isAdmin', 'id', 'createdAt'), fc.string()),
          hostileValue,
        )
        .map(([key, value]) => ({ ...body, [key]: value })),
    ),
  )
}

interface Case {
  /** JSON (key in the Idempotency-Key header) or an HTML form post (key in a hidden field). */
  encoding?: 'json' | 'form'
  /** The body as sent. */
  text: string
  contentType: string | undefined
  site: 'same-origin' | 'cross-site' | 'none' | undefined
  key: 'fresh' | 'none' | string
}

/** A body as a browser's form would encode it; an array is a field sent once per element. */
function encodeForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(body))
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined) params.append(name, typeof one === 'string' ? one : JSON.stringify(one))
  return params.toString()
}

/** The form body as the server must read it: a field sent twice is an array. */
function decodeForm(text: string): Record<string, unknown> {
  const body: Record<string, unknown> = Object.create(null)
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = body[name]
    body[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  return body
}

function formCases(valid: fc.Arbitrary<Body>, fields: string[]): fc.Arbitrary<Case> {
  const body = fc.oneof(
    valid,
    mutated(valid, fields),
    // A field sent twice, as two inputs of one name would.
    fc
      .tuple(valid, fc.constantFrom(...fields), fc.string())
      .map(([b, field, other]) => ({ ...b, [field]: [b[field] ?? '', other] })),
  )
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('short', 'a'.repeat(129), 'has space key', 'ümlaut-key-1') },
  )
  const text = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(body, key).map(([b, k]) => encodeForm({ ...b, [IDEMPOTENCY_FIELD]: k })),
    },
    // Bytes no browser sends: broken escapes, escaped non-UTF-8, raw non-ASCII.
    {
      weight: 1,
      arbitrary: fc.constantFrom('name=%E0%A4%A', 'companyName=%FF', 'message=caf\u00e9', '%', 'email=%zz'),
    },
  )
  return fc.record({
    encoding: fc.constant('form' as const),
    text,
    contentType: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
    ),
    site: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      fc.constantFrom('same-origin', 'cross-site', 'none'),
    ),
    key: fc.constant('none'),
  })
}

function cases(valid: fc.Arbitrary<Body>, fields: string[]): fc.Arbitrary<Case> {
  return fc.oneof({ weight: 3, arbitrary: jsonCases(valid, fields) }, formCases(valid, fields))
}

function jsonCases(valid: fc.Arbitrary<Body>, fields: string[]): fc.Arbitrary<Case> {
  const body = fc.oneof(
    // Valid bodies cost an insert each; the rest are cheap, so they get most of the cases.
    { weight: 2, arbitrary: valid.map((b) => JSON.stringify(b)) },
    { weight: 4, arbitrary: mutated(valid, fields).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: valid.chain((b) => pollutionJson(b)) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.string(),
        fc.json(),
        fc.constantFrom(
          '',
          '{',
          'null',
          '[]',
          '"x"',
          '1',
          '{"a":1}{',
          `{"a":${'['.repeat(3000)}`,
          `{"x":"${'y'.repeat(20_000)}"}`,
        ),
      ),
    },
  )
  return fc.record({
    text: body,
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'Application/JSON') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(undefined, 'text/plain', 'multipart/form-data; boundary=x'),
      },
    ),
    site: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      fc.constantFrom('same-origin', 'cross-site', 'none'),
    ),
    key: fc.oneof(
      { weight: 8, arbitrary: fc.constant('fresh') },
      { weight: 2, arbitrary: fc.constant('none') },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.string(),
          fc.constantFrom('short', 'a'.repeat(129), 'has space key', 'ümlaut-key-1'),
        ),
      },
    ),
  }) as fc.Arbitrary<Case>
}

const KEY = /^[A-Za-z0-9_-]{8,128}$/

/** What the server must answer, derived from the request and the shared schema. */
function expectedStatus(c: Case, schema: typeof applicationSchema | typeof contactSchema): number {
  if (c.encoding === 'form') return expectedFormStatus(c, schema)
  const type = c.contentType?.split(';', 1)[0]?.trim().toLowerCase()
  const bytes = Buffer.byteLength(c.text)
  if (bytes > 0 && type !== 'application/json' && type !== 'application/x-www-form-urlencoded') return 415
  if (c.site === 'cross-site') return 403
  if (type !== 'application/json') return 415
  if (bytes > TRANSPORT.bodyBytes) return 413
  let parsed: unknown
  try {
    parsed = JSON.parse(c.text)
  } catch {
    return 400
  }
  // Fastify refuses prototype poisoning outright (secure-json-parse).
  if (refusedAsPollution(c.text)) return 400
  if (c.key !== 'fresh' && c.key !== 'none' && !KEY.test(c.key.trim())) return 400
  return schema.safeParse(parsed).success ? 201 : 400
}

/** A form post is answered 303 (to the confirmation page) when stored. */
function expectedFormStatus(c: Case, schema: typeof applicationSchema | typeof contactSchema): number {
  if (c.site === 'cross-site') return 403
  if (Buffer.byteLength(c.text) > TRANSPORT.formBodyBytes) return 413
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/[^\u0000-\u007f]/.test(c.text)) return 400
  try {
    decodeURIComponent(c.text.replaceAll('+', ' '))
  } catch {
    return 400
  }
  const body = decodeForm(c.text)
  if (!schema.safeParse(body).success) return 400
  const key = body[IDEMPOTENCY_FIELD]
  if (key !== undefined && key !== '' && !(typeof key === 'string' && KEY.test(key))) return 400
  return 303
}

async function fuzzForm(options: {
  url: string
  schema: typeof applicationSchema | typeof contactSchema
  valid: fc.Arbitrary<Body>
  count: () => Promise<number>
}) {
  const fields = Object.keys(options.schema.shape)
  const tally = new Map<number, number>()
  let stored = 0
  // A fuzzed key that comes up twice (fast-check favours strings like "toString") is rightly
  // answered 422, reused for another body: reuse has its own tests, so every case gets its own key.
  const seenKeys = new Set<string>()
  const before = await options.count()
  const sent = await fuzzInBatches(cases(options.valid, fields), CASES, async (c) => {
    const headers: Record<string, string> = {}
    if (c.contentType !== undefined) headers['content-type'] = c.contentType
    if (c.site !== undefined) headers['sec-fetch-site'] = c.site
    if (c.key === 'fresh') headers['idempotency-key'] = randomUUID()
    else if (c.key !== 'none') {
      let key = c.key.replace(/[\r\n\0]/g, '')
      while (seenKeys.has(key.trim())) key = `${key}-${seenKeys.size}`
      seenKeys.add(key.trim())
      headers['idempotency-key'] = key
    }
    const res = await t.app.inject({
      method: 'POST',
      url: options.url,
      remoteAddress: randomIp(),
      headers,
      payload: c.text,
    })
    tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1)
    const what = `${options.url} ${JSON.stringify(c).slice(0, 400)}`
    expect(res.statusCode, `${what} → ${res.body}`).toBe(
      expectedStatus({ ...c, key: headers['idempotency-key'] ?? c.key }, options.schema),
    )
    expectNoLeak(res.body, what)
    if (res.statusCode === 303) {
      // Answers of the same client and answers are one submission: count what was new.
      if (res.headers['idempotent-replayed'] !== 'true') stored++
      expect(res.headers.location).toMatch(/^\/(apply\/received|contact\/sent)\?sent=[1-9]\d*$/)
      return
    }
    const json = res.json()
    if (res.statusCode === 201) {
      stored++
      expect(json.id).toMatch(/^[0-9a-f-]{36}$/)
    } else {
      expect(typeof json.error?.code, what).toBe('string')
      expect(typeof json.error?.message, what).toBe('string')
    }
  })
  const after = await options.count()
  expectPrototypesClean()
  // One row per 201, and not one more: nothing refused was stored.
  expect(after - before).toBe(stored)
  // Valid submissions were generated and stored: 10 % of cases or more (1,000 of a release's 10,000).
  expect(stored).toBeGreaterThan(FUZZ_CASES / 10)
  expect(sent).toBeGreaterThanOrEqual(FUZZ_CASES)
  console.log(
    `fuzz ${options.url}: ${sent} cases → ${JSON.stringify(Object.fromEntries([...tally].sort()))}; ` +
      `${stored} stored = rows added ${after - before}; no 5xx, no internals, prototypes clean`,
  )
}

describe('fuzzing the form endpoints', () => {
  it.each([
    {
      url: '/api/applications',
      schema: applicationSchema,
      valid: validApplication,
      count: () => t.db.prisma.retailerApplication.count(),
    },
    {
      url: '/api/contact',
      schema: contactSchema,
      valid: validContact,
      count: () => t.db.prisma.contactMessage.count(),
    },
  ])('POST $url', (form) => fuzzForm(form), 90_000)
})
