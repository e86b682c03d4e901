// Options several admin commands take, checked while the arguments are parsed: a bad value is a
// usage error (exit 2) before anything is opened.
import { InvalidArgumentError, Option } from 'commander'
import { parseSince } from '../../lib/since.ts'

/** A commander parser from one of ours that answers null (or undefined) for a value it refuses. */
export function valueParser<T>(parse: (value: string) => T | null | undefined, hint: string) {
  return (value: string): T => {
    const parsed = parse(value)
    if (parsed === null || parsed === undefined) throw new InvalidArgumentError(hint)
    return parsed
  }
}

interface ParsingSchema<T> {
  safeParse(value: unknown): { data?: T; error?: { issues: { message: string }[] } }
}

/**
 * A parser from a zod schema, classic or zod/mini (the form schemas). Without a hint, a refused
 * value gets the schema's own message (the rule the store keeps says why).
 */
export const zodParser =
  <T>(schema: ParsingSchema<T>, hint?: string) =>
  (value: string): T => {
    const parsed = schema.safeParse(value)
    if (parsed.data === undefined) {
      throw new InvalidArgumentError(hint ?? parsed.error?.issues[0]?.message ?? 'Invalid value.')
    }
    return parsed.data
  }

export const jsonOption = (description = 'Print JSON') => new Option('--json', description)

export const sinceOption = (what: string) =>
  new Option(
    '--since <when>',
    `Only ${what} at or after this time: a date (2026-01-31, midnight UTC) or an ISO time with zone (2026-01-31T09:00:00-06:00)`,
  ).argParser(
    valueParser(parseSince, 'Use a date (2026-01-31) or an ISO time with zone (2026-01-31T09:00:00Z).'),
  )

export const MAX_LIMIT = 10_000

export const limitOption = (what: string, fallback: number) =>
  new Option('--limit <n>', `How many ${what} to show`).default(fallback).argParser(
    valueParser((value) => {
      const limit = Number(value)
      return Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT ? limit : null
    }, `Use a whole number from 1 to ${MAX_LIMIT}.`),
  )
