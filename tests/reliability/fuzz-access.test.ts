// Property-based fuzzing of POST /api/access/verify and /api/access/logout: FUZZ_CASES generated
// requests each (10,000 in a release, tests/helpers/fuzz.ts), JSON and no-JS form posts, hostile
// values, prototype pollution, every CSRF header and content type. An oracle written from the route's documented rules predicts each
// answer; the server must match it, never answer 5xx or leak internals, record one attempt per
// valid verify call and none for invalid ones, and grant only for the right code.
// A fast stand-in hasher and high limits (the access test seams) keep thousands of calls in seconds:
// what is fuzzed here is input handling; argon2 and the real limits have their own tests.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARTNER_SLUG, partnerSlugProblem } from '../../lib/partners.ts'
import { insertCode } from '../../server/access/codes.server.ts'
import type { CodeHasher } from '../../server/access/hasher.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
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
import { seededGates } from '../helpers/partners.ts'
import { TRANSPORT } from '../helpers/promised.ts'

const CASES = FUZZ_BATCHES // FUZZ_CASES per endpoint: 1,000 in npm test, 10,000 in a release
const RIGHT = 'right-code-fuzz-1'
const FORM_LIMIT_BYTES = 4096 // the form parser's own limit (server/access/routes.server.ts)
const MAX_CODE_LENGTH = 256

const fakeHasher: CodeHasher = {
  hash: async (code) => `fake$${code}`,
  verify: async (hash, code) => hash === `fake$${code}`,
}
const unlimited = { max: 1_000_000_000, windowMs: 60_000 }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    access: {
      hasher: fakeHasher,
      limits: { perIp: unlimited },
      rateLimitPrefix: limitPrefix(),
    },
  })
  await insertCode(t.db.prisma, { retailer: 'circlek', codeHash: await fakeHasher.hash(RIGHT) })
})
afterAll(async () => {
  await t?.close()
})

type Fields = Record<string, unknown>

const retailer = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...seededGates) },
  // `target` is a name a gate can have but none is served under (one removed meanwhile, say).
  {
    weight: 1,
    arbitrary: fc.constantFrom('CircleK', ' circlek', 'walmart\n', 'docket', '', '../circlek', 'target'),
  },
  { weight: 1, arbitrary: hostileValue },
)
const accessCode = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(RIGHT, ` ${RIGHT}\n`, RIGHT.toUpperCase(), '', '   ') },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: MAX_CODE_LENGTH - 2, max: MAX_CODE_LENGTH + 2 }).map((n) => 'c'.repeat(n)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: hostileValue },
)
const fields: fc.Arbitrary<Fields> = fc
  .tuple(
    fc.record({ retailer, accessCode }, { requiredKeys: [] }),
    fc.option(
      fc.tuple(fc.oneof(fc.constantFrom(...pollutionKeys), fc.string({ maxLength: 8 })), hostileValue),
    ),
  )
  .map(([base, extra]) => (extra ? { ...base, [extra[0]]: extra[1] } : base))

interface Case {
  encoding: 'json' | 'form' | 'raw'
  text: string
  contentType: string | undefined
  site: 'same-origin' | 'cross-site' | undefined
}

const asForm = (f: Fields) =>
  new URLSearchParams(
    Object.entries(f).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  ).toString()

const cases: fc.Arbitrary<Case> = fc
  .oneof(
    { weight: 5, arbitrary: fields.map((f) => ({ encoding: 'json' as const, text: JSON.stringify(f) })) },
    { weight: 3, arbitrary: fields.map((f) => ({ encoding: 'form' as const, text: asForm(f) })) },
    {
      weight: 1,
      arbitrary: fields.chain((f) => pollutionJson(f)).map((text) => ({ encoding: 'json' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string(),
          fc.json(),
          fc.constantFrom('', '{', 'null', '[]', '"circlek"', `{"retailer":"${'w'.repeat(17_000)}"}`),
        )
        .map((text) => ({ encoding: 'raw' as const, text })),
    },
  )
  .chain((body) =>
    fc.record({
      encoding: fc.constant(body.encoding),
      text: fc.constant(body.text),
      contentType: fc.oneof(
        {
          weight: 10,
          arbitrary: fc.constant(
            body.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            undefined,
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/json',
          ),
        },
      ),
      site: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        fc.constantFrom('same-origin' as const, 'cross-site' as const),
      ),
    }),
  )

/** The body the route sees after parsing, or the status a parser or hook answers first. */
function parsed(c: Case): { status: number } | { body: unknown; form: boolean } {
  const type = c.contentType?.split(';', 1)[0]?.trim().toLowerCase()
  const bytes = Buffer.byteLength(c.text)
  if (bytes > 0 && type !== 'application/json' && type !== 'application/x-www-form-urlencoded')
    return { status: 415 }
  if (c.site === 'cross-site') return { status: 403 }
  if (bytes === 0 && type !== undefined && type !== 'application/x-www-form-urlencoded') {
    // Fastify's parsers: an empty JSON body is a 400, an empty text/plain one the string '',
    // an empty body of a type without a parser a 415.
    if (type === 'text/plain') return { body: '', form: false }
    return { status: type === 'application/json' ? 400 : 415 }
  }
  if (type === 'application/x-www-form-urlencoded') {
    if (bytes > FORM_LIMIT_BYTES) return { status: 413 }
    return { body: Object.fromEntries(new URLSearchParams(c.text)), form: true }
  }
  if (bytes === 0) return { body: undefined, form: false }
  if (type !== 'application/json') return { status: 415 }
  if (bytes > TRANSPORT.bodyBytes) return { status: 413 }
  try {
    const body = JSON.parse(c.text)
    if (refusedAsPollution(c.text)) return { status: 400 }
    return { body, form: false }
  } catch {
    return { status: 400 }
  }
}

/** The verify route's rules: zod schema plus "every gate but walmart needs a code". */
function verifyRules(body: unknown): { valid: boolean; granted: boolean } {
  const b = (body ?? {}) as Record<string, unknown>
  if (typeof b !== 'object' || Array.isArray(b)) return { valid: false, granted: false }
  const gate = typeof b.retailer === 'string' && (seededGates as readonly string[]).includes(b.retailer)
  const code = b.accessCode
  const codeOk = code === undefined || (typeof code === 'string' && code.length <= MAX_CODE_LENGTH)
  const present = b.retailer === 'walmart' || (typeof code === 'string' && code.trim() !== '')
  const valid = gate && codeOk && present
  // The code checker compares codes as typed, minus surrounding whitespace.
  const right = b.retailer === 'circlek' && typeof code === 'string' && code.trim() === RIGHT
  const granted = valid && (b.retailer === 'walmart' || right)
  return { valid, granted }
}

function logoutRules(body: unknown): boolean {
  const b = body ?? {}
  if (typeof b !== 'object' || Array.isArray(b)) return false
  const retailer = (b as Record<string, unknown>).retailer
  // Without a retailer (the docket's Sign out) it ends every session the request names; with one,
  // any name a gate can have, served or not (a gate removed while its page was open).
  return retailer === undefined || (typeof retailer === 'string' && PARTNER_SLUG.test(retailer))
}

async function send(url: string, c: Case) {
  const headers: Record<string, string> = {}
  if (c.contentType !== undefined) headers['content-type'] = c.contentType
  if (c.site !== undefined) headers['sec-fetch-site'] = c.site
  return t.app.inject({ method: 'POST', url, remoteAddress: randomIp(), headers, payload: c.text })
}

const attempts = () => t.db.prisma.accessAttempt.count()

// Up to 10,000 requests per endpoint, argon2 checks among them: a loaded machine may need minutes. The
// timeout only stops a hung run; what is asserted is each answer.
const FUZZ_MS = 600_000

describe('fuzzing the access endpoints', () => {
  it(
    'POST /api/access/verify',
    async () => {
      const tally = new Map<number, number>()
      let valid = 0
      let granted = 0
      const before = await attempts()
      const sent = await fuzzInBatches(cases, CASES, async (c) => {
        const res = await send('/api/access/verify', c)
        const what = `verify ${JSON.stringify(c).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`
        tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1)
        expectNoLeak(res.body, what)
        const cookies = [res.headers['set-cookie'] ?? []].flat()
        const p = parsed(c)
        if ('status' in p) {
          expect(res.statusCode, what).toBe(p.status)
          expect(cookies, what).toEqual([])
          return
        }
        const rules = verifyRules(p.body)
        const b = (p.body ?? {}) as Record<string, unknown>
        if (rules.valid) valid++
        if (rules.granted) granted++
        const namesGate =
          typeof b.retailer === 'string' && (seededGates as readonly string[]).includes(b.retailer)
        // A gate removed while its page was open (any name a gate can have that is not served).
        const namesGone =
          !namesGate && typeof b.retailer === 'string' && partnerSlugProblem(b.retailer) === null
        if (p.form && namesGate) {
          // A no-JS form post always goes back to a fixed on-site address.
          expect(res.statusCode, what).toBe(303)
          const expected = rules.granted
            ? '/docket'
            : `/${b.retailer}?error=${rules.valid || (typeof b.accessCode === 'string' && b.accessCode.trim()) ? 'invalid' : 'empty'}`
          expect(res.headers.location, what).toBe(expected)
        } else if (p.form && namesGone) {
          // To the gate's address, which says it is gone.
          expect([res.statusCode, res.headers.location], what).toEqual([303, `/${b.retailer}`])
        } else {
          expect(res.statusCode, what).toBe(rules.valid ? 200 : 400)
          expect(res.json().success, what).toBe(rules.granted)
        }
        expect(cookies.length, what).toBe(rules.granted ? 1 : 0)
      })
      const recorded = (await attempts()) - before
      expectPrototypesClean()
      // One attempt recorded per valid call, none for a request refused before the route ran.
      expect(recorded).toBe(valid)
      expect(sent).toBeGreaterThanOrEqual(FUZZ_CASES)
      // The oracle's grant path was exercised: 1 % of cases or more (100 of a release's 10,000).
      expect(granted).toBeGreaterThan(FUZZ_CASES / 100)
      console.log(
        `fuzz /api/access/verify: ${sent} cases → ${JSON.stringify(Object.fromEntries([...tally].sort()))}; ` +
          `${valid} valid = ${recorded} attempts recorded, ${granted} grants (right code or walmart only)`,
      )
    },
    FUZZ_MS,
  )

  it(
    'POST /api/access/logout',
    async () => {
      const tally = new Map<number, number>()
      const sent = await fuzzInBatches(cases, CASES, async (c) => {
        const res = await send('/api/access/logout', c)
        const what = `logout ${JSON.stringify(c).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`
        tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1)
        expectNoLeak(res.body, what)
        const p = parsed(c)
        if ('status' in p) {
          expect(res.statusCode, what).toBe(p.status)
          return
        }
        const valid = logoutRules(p.body)
        if (!valid) {
          expect(res.statusCode, what).toBe(400)
          return
        }
        expect(res.statusCode, what).toBe(p.form ? 303 : 200)
        if (p.form) expect(res.headers.location, what).toBe('/')
        // Logout only ever clears the cookie of the gate named; naming none, the gates the request
        // held a session for (these requests hold none).
        const named = (p.body as { retailer?: string } | undefined)?.retailer
        const cookie = res.headers['set-cookie']
        if (named === undefined) expect(cookie, what).toBeUndefined()
        else expect(String(cookie), what).toMatch(new RegExp(`^${named}-access=; Max-Age=0;`))
      })
      expectPrototypesClean()
      expect(sent).toBeGreaterThanOrEqual(FUZZ_CASES)
      console.log(
        `fuzz /api/access/logout: ${sent} cases → ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
      )
    },
    FUZZ_MS,
  )
})
