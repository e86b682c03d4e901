// Field schemas shared by the form schemas. Every schema accepts what a browser form holds
// (strings, '' for an empty optional field) and what an API client sends (numbers, null), and
// its output parses to itself, so the client can send the parsed values and the server re-parse
// them unchanged.
// zod/mini: the same checks as classic zod, built from functions a bundler can leave out when
// unused, so the browser's copy of the schemas stays small (decision 022).
import { z } from 'zod/mini'
import { normalisePhone } from './phone.ts'
import { cleanLine, cleanText } from './text.ts'

// Our Content-Security-Policy forbids eval. Zod 4 probes `new Function` to compile fast object
// parsers, which the browser reports as a CSP violation; jitless mode skips the probe. Both form
// schemas import this module, so the setting is in place before any parse.
z.config({ jitless: true })

/** Limits shared by the schemas and the inputs' maxLength/max attributes. */
export const EMAIL_MAX = 254
/** The part before the @ (RFC 5321's limit): longer, no mail server takes the address. */
export const EMAIL_LOCAL_MAX = 64
export const emailLocalFits = (address: string): boolean => address.indexOf('@') <= EMAIL_LOCAL_MAX
export const EMAIL_LOCAL_MESSAGE = `The part before the @ has at most ${EMAIL_LOCAL_MAX} characters.`
export const PHONE_INPUT_MAX = 32

// Each field's messages name it ("Use at most 200 characters for your company name."): the error
// summary lists them together, where "Use at most 200 characters." twice would not say which
// field each link leads to. `what` is the field as a sentence names it, in lower case.

export function requiredLine(message: string, max: number, what: string) {
  return requiredString(cleanLine, message, max, tooLong(max, what))
}

export function optionalLine(max: number, what: string) {
  return optionalString(cleanLine, max, tooLong(max, what))
}

export function requiredText(message: string, max: number, what: string) {
  return requiredString(cleanText, message, max, tooLongGrouped(max, what))
}

export function optionalText(max: number, what: string) {
  return optionalString(cleanText, max, tooLongGrouped(max, what))
}

/** Lines say their short limit as is; texts group the digits of theirs ("4,000"). */
const tooLong = (max: number | string, what: string) => `Use at most ${max} characters for ${what}.`

/**
 * A message with a grouped number ("4,000"), written when a value fails: building the schemas
 * (the server does at start) then asks nothing of `Intl`, whose locale data is megabytes a
 * process keeps once touched (docs/benchmarks.md).
 */
const grouped = (message: (max: string) => string, max: number) => ({
  error: () => message(max.toLocaleString('en-US')),
})
const tooLongGrouped = (max: number, what: string) => grouped((limit) => tooLong(limit, what), max)

/** Cleaned first, so a value of spaces alone is missing; then at least one character and at most `max`. */
function requiredString(
  clean: (value: string) => string,
  message: string,
  max: number,
  tooLongMessage: string | ReturnType<typeof grouped>,
) {
  return z
    .string({ error: message })
    .check(z.overwrite(clean), z.minLength(1, message), z.maxLength(max, tooLongMessage))
}

/** One of `options`, or absent ('' from a form's placeholder option, null from JSON). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.optional(z.enum(options, { error: message })),
  )
}

/** How a form words its refusals of an e-mail address; without `empty`, an empty one is `invalid`. */
export interface EmailMessages {
  notText: string
  empty?: string
  tooLong: string
  invalid: string
}

/**
 * An e-mail address, the one rule every form and command takes an address by: trimmed and
 * lower-cased (addresses are compared and deduplicated case-insensitively in practice), at most
 * EMAIL_MAX characters, at most EMAIL_LOCAL_MAX before the @. Each form words its refusals.
 */
export function emailAddress(messages: EmailMessages) {
  const empty = messages.empty ? [z.minLength(1, messages.empty)] : []
  return z.pipe(
    z
      .string({ error: messages.notText })
      .check(z.trim(), z.toLowerCase(), ...empty, z.maxLength(EMAIL_MAX, messages.tooLong)),
    z.email(messages.invalid).check(z.refine(emailLocalFits, EMAIL_LOCAL_MESSAGE)),
  )
}

/** A visitor's address in the site's forms. */
export function email() {
  return emailAddress({
    notText: 'Enter your e-mail address.',
    empty: 'Enter your e-mail address.',
    tooLong: 'This e-mail address is too long.',
    invalid: 'Enter a valid e-mail address, like name@company.com.',
  })
}

export function phone() {
  // A non-breaking hyphen keeps the example number on one line in a narrow column.
  const message = 'Enter a phone number like (512) 555\u20110142, or + and the country code.'
  return z.pipe(
    z
      .string({ error: 'Enter your phone number.' })
      .check(z.trim(), z.minLength(1, 'Enter your phone number.'), z.maxLength(PHONE_INPUT_MAX, message)),
    z.transform((value: string, ctx) => {
      const normalised = normalisePhone(value)
      if (normalised === null) {
        ctx.issues.push({ code: 'custom', message, input: value })
        return z.NEVER
      }
      return normalised
    }),
  )
}

export interface NumberRule {
  /** Message for a missing or non-numeric value. */
  message: string
  /** The number as a sentence names it, in lower case ("the number of locations"). */
  what: string
  max: number
  /** Decimal places allowed (0 = whole numbers). */
  decimals?: number
}

export function requiredNumber(rule: NumberRule) {
  return preprocess(toNumber, numberSchema(rule))
}

export function optionalNumber(rule: NumberRule) {
  return preprocess(toNumber, z.optional(numberSchema(rule)))
}

function numberSchema({ message, what, max, decimals = 0 }: NumberRule) {
  const subject = `${what.charAt(0).toUpperCase()}${what.slice(1)}`
  return z.number({ error: message }).check(
    z.gte(0, `${subject} must be zero or more.`),
    z.lte(
      max,
      grouped((limit) => `${subject} must be ${limit} or less.`, max),
    ),
    decimals === 0
      ? z.refine((n: number) => Number.isSafeInteger(n), `${subject} must be a whole number.`)
      : z.refine(
          (n: number) => hasAtMostDecimals(n, decimals),
          `Use at most ${decimals} decimal places for ${what}.`,
        ),
  )
}

function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals
  // Tolerates binary floating point (19.99 * 100 = 1998.9999999999998).
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

/**
 * Form strings become numbers (a negative one too, so that it is told it must be zero or more,
 * not asked for as if missing); '' and null mean "not given"; anything unparsable stays as is and fails.
 */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : value
}

/** zod/mini's form of classic zod's `z.preprocess`: a transform piped into the schema. */
function preprocess<S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) {
  return z.pipe(z.transform(fn), schema)
}

/**
 * An optional text field: cleaned first, so one left empty ('' from a form, null from JSON) or
 * holding only spaces is simply absent rather than stored as ''.
 */
function optionalString(
  clean: (value: string) => string,
  max: number,
  tooLongMessage: string | ReturnType<typeof grouped>,
) {
  return preprocess(
    (value) => {
      const cleaned = typeof value === 'string' ? clean(value) : value
      return cleaned === '' || cleaned === null ? undefined : cleaned
    },
    z.optional(z.string({ error: 'Enter text here.' }).check(z.maxLength(max, tooLongMessage))),
  )
}
