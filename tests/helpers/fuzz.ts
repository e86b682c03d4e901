// Shared pieces of the property-based fuzz tests (fast-check): hostile values, prototype-pollution
// bodies, a check that no answer leaks internals, and a runner that sends each generated batch
// concurrently (so thousands of cases fit in seconds) while keeping fast-check's shrinking.
import fc from 'fast-check'
import { expect } from 'vitest'

/** What `npm test` sends per endpoint unless FUZZ_CASES says otherwise: a tenth, with a new seed each run. */
const EVERYDAY_FUZZ_CASES = 1_000

/**
 * Generated cases per fuzzed endpoint (or property): FUZZ_CASES when set, else 1,000, so
 * `npm test` stays within its minutes; the release workflow sets FUZZ_CASES=10000 (decision 067).
 */
export const FUZZ_CASES = fuzzCases(process.env.FUZZ_CASES)

export function fuzzCases(setting: string | undefined): number {
  if (setting === undefined || setting === '') return EVERYDAY_FUZZ_CASES
  const cases = Number(setting)
  if (!Number.isInteger(cases) || cases < 1)
    throw new Error(`FUZZ_CASES must be a positive whole number, not "${setting}"`)
  return cases
}

/** FUZZ_CASES cases as batches of 25 sent concurrently. */
export const FUZZ_BATCHES: BatchRun = { batch: 25, runs: Math.ceil(FUZZ_CASES / 25) }

/** Text that only internals would produce: stack frames, paths, driver and framework names. */
const LEAKS = [
  /\bat [^\n]*:\d+:\d+/, // stack frame
  /node_modules|\/work\/|\/home\/|\/tmp\/|file:\/\//,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError|PrismaClient\w*)\b/,
  /prisma|postgres|pg-pool|\bSELECT\b|\bINSERT INTO\b|\bsqlstate\b/i,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|FST_ERR/,
  /Cannot read propert|is not a function|undefined is not|Unexpected token|"stack"/,
]

export function leakIn(body: string): RegExp | undefined {
  return LEAKS.find((pattern) => pattern.test(body))
}

export function expectNoLeak(body: string, what: string) {
  const leak = leakIn(body)
  expect(leak, `${what} leaked ${leak} in ${body.slice(0, 300)}`).toBeUndefined()
}

/** Keys that would pollute prototypes if a parser or a merge honoured them. */
export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const

/** JSON texts (not objects: JSON.stringify drops __proto__) that try to pollute prototypes. */
export function pollutionJson(base: Record<string, unknown>): fc.Arbitrary<string> {
  const inner = JSON.stringify(base).slice(1, -1)
  const sep = inner ? ',' : ''
  return fc.constantFrom(
    `{${inner}${sep}"__proto__":{"polluted":"yes","isAdmin":true}}`,
    `{"__proto__":{"polluted":"yes"}${sep}${inner}}`,
    `{${inner}${sep}"constructor":{"prototype":{"polluted":"yes"}}}`,
    `{${inner}${sep}"prototype":{"polluted":"yes"}}`,
    `{${inner}${sep}"a":{"__proto__":{"polluted":"yes"}}}`,
    `[{${inner}}]`,
  )
}

/** Values of every JSON type and then some: huge, unicode, control characters, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\r\n',
    '\u202e',
    '𝕏'.repeat(2000),
    'a'.repeat(5000),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
    '${7*7}',
    '{{7*7}}',
    'NaN',
    '-0',
    '1e309',
    '0x10',
    'null',
    'true',
    '__proto__',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21, 2 ** 53 + 1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
)

export interface BatchRun {
  /** Cases per property run, sent concurrently. */
  batch: number
  /** Property runs; cases = batch × runs. */
  runs: number
  seed?: number
}

/**
 * Sends `runs` batches of `batch` generated cases, each batch concurrently, through `check`
 * (which asserts). Returns how many cases were sent, shrinking included.
 */
export async function fuzzInBatches<T>(
  arbitrary: fc.Arbitrary<T>,
  options: BatchRun,
  check: (value: T) => Promise<void>,
): Promise<number> {
  let sent = 0
  await fc.assert(
    fc.asyncProperty(
      fc.array(arbitrary, { minLength: options.batch, maxLength: options.batch }),
      async (values) => {
        sent += values.length
        await Promise.all(values.map(check))
      },
    ),
    { numRuns: options.runs, seed: options.seed },
  )
  return sent
}

/** No generated body managed to add anything to Object.prototype in this process. */
export function expectPrototypesClean() {
  const probe: Record<string, unknown> = {}
  expect(probe.polluted).toBeUndefined()
  expect(probe.isAdmin).toBeUndefined()
  expect(Object.keys(Object.prototype)).toEqual([])
}

/**
 * Whether Fastify's JSON parser (secure-json-parse) refuses the text with a 400: a `__proto__`
 * key anywhere, or a `constructor` object with a `prototype` key (a "prototype" string value is
 * harmless and accepted).
 */
export function refusedAsPollution(text: string): boolean {
  return /"__proto__"\s*:|"constructor"\s*:\s*{[^}]*"prototype"\s*:/.test(text)
}
