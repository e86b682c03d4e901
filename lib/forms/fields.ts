// Field schemas shared by the form schemas. Every schema accepts what a browser form holds
// (strings, '' for an empty optional field) and what an API client sends (numbers, null), and
// its output parses to itself, so the client can send the parsed values and the server re-parse
// them unchanged.
import { z } from 'zod'
import { normalisePhone } from './phone'
import { cleanLine, cleanText } from './text'

// Our Content-Security-Policy forbids eval. Zod 4 probes `new Function` to compile fast object
// parsers, which the browser reports as a CSP violation; jitless mode skips the probe. Both form
// schemas import this module, so the setting is in place before any parse.
z.config({ jitless: true })

/** Limits shared by the schemas and the inputs' maxLength/max attributes. */
export const EMAIL_MAX = 254
export const PHONE_INPUT_MAX = 32

export function requiredLine(message: string, max: number) {
  return z
    .string({ error: message })
    .overwrite(cleanLine)
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
}

export function optionalLine(max: number) {
  return optional(
    cleanLine,
    z.string({ error: 'Enter text here.' }).max(max, `Use at most ${max} characters.`),
  )
}

export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .overwrite(cleanText)
    .min(1, message)
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`)
}

export function optionalText(max: number) {
  return optional(
    cleanText,
    z
      .string({ error: 'Enter text here.' })
      .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`),
  )
}

/** One of `options`, or absent ('' from a form's placeholder option, null from JSON). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(options, { error: message }).optional(),
  )
}

/** Trimmed and lower-cased: addresses are compared and deduplicated case-insensitively in practice. */
export function email() {
  return z
    .string({ error: 'Enter your e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address.')
    .max(EMAIL_MAX, 'This e-mail address is too long.')
    .pipe(z.email('Enter a valid e-mail address, like name@company.com.'))
}

export function phone() {
  // A non-breaking hyphen keeps the example number on one line in a narrow column.
  const message = 'Enter a phone number like (512) 555\u20110142, or + and the country code.'
  return z
    .string({ error: 'Enter your phone number.' })
    .trim()
    .min(1, 'Enter your phone number.')
    .max(PHONE_INPUT_MAX, message)
    .transform((value, ctx) => {
      const normalised = normalisePhone(value)
      if (normalised === null) {
        ctx.issues.push({ code: 'custom', message, input: value })
        return z.NEVER
      }
      return normalised
    })
}

export interface NumberRule {
  /** Message for a missing or non-numeric value. */
  message: string
  max: number
  /** Decimal places allowed (0 = whole numbers). */
  decimals?: number
}

export function requiredNumber(rule: NumberRule) {
  return z.preprocess(toNumber, numberSchema(rule))
}

export function optionalNumber(rule: NumberRule) {
  return z.preprocess(toNumber, numberSchema(rule).optional())
}

function numberSchema({ message, max, decimals = 0 }: NumberRule) {
  const base = z
    .number({ error: message })
    .min(0, 'Enter zero or more.')
    .max(max, `Enter ${max.toLocaleString('en-US')} or less.`)
  return decimals === 0
    ? base.int('Enter a whole number.')
    : base.refine((n) => hasAtMostDecimals(n, decimals), `Use at most ${decimals} decimal places.`)
}

function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals
  // Tolerates binary floating point (19.99 * 100 = 1998.9999999999998).
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

/** Form strings become numbers; '' and null mean "not given"; anything unparsable stays as is and fails. */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  return /^\+?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : value
}

/**
 * An optional text field: cleaned first, so one left empty ('' from a form, null from JSON) or
 * holding only spaces is simply absent rather than stored as ''.
 */
function optional(clean: (value: string) => string, schema: z.ZodString) {
  return z.preprocess((value) => {
    const cleaned = typeof value === 'string' ? clean(value) : value
    return cleaned === '' || cleaned === null ? undefined : cleaned
  }, schema.optional())
}
