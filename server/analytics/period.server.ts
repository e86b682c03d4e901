// The days a report covers: UTC days, both ends included. The console's picker (7, 30 or 90 days
// ending today, or two dates) and the CLI's --since/--until both end here, so both read the same
// figures for the same words.
import { z } from 'zod'
import { DAY_MS, dayKey, dayStart } from '../../lib/utc-day.ts'

/** Longest period a report covers: a year and a bit, drawn one bar per day. */
export const MAX_PERIOD_DAYS = 400
export const PRESET_DAYS = [7, 30, 90] as const
export const DEFAULT_DAYS = 30

export interface Period {
  /** YYYY-MM-DD, UTC, included. */
  since: string
  until: string
}

export class PeriodError extends Error {}

export const addDays = (day: string, days: number): string =>
  dayKey(new Date(dayStart(day).getTime() + days * DAY_MS))

/** Every day of the period, in order. */
export function daysOf(period: Period): string[] {
  const count = Math.round((dayStart(period.until).getTime() - dayStart(period.since).getTime()) / DAY_MS) + 1
  return Array.from({ length: count }, (_, index) => addDays(period.since, index))
}

/** The `days` days ending today. */
export const lastDays = (days: number, now: Date): Period => ({
  since: addDays(dayKey(now), -(days - 1)),
  until: dayKey(now),
})

const isoDay = z.iso.date()

/** --since/--until (either may be missing): until defaults to today, since to 30 days before until. */
export function periodBetween(since: string | undefined, until: string | undefined, now: Date): Period {
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !isoDay.safeParse(value).success)
      throw new PeriodError(`${name} must be a date such as 2026-11-01 (got "${value}")`)
  }
  const end = until ?? dayKey(now)
  const start = since ?? addDays(end, -(DEFAULT_DAYS - 1))
  if (start > end) throw new PeriodError('since must not be after until')
  const period = { since: start, until: end }
  if (daysOf(period).length > MAX_PERIOD_DAYS)
    throw new PeriodError(`a period may cover at most ${MAX_PERIOD_DAYS} days`)
  return period
}

/** The console's query: `days=7|30|90`, or `days=custom` with `since` and `until`. */
export const periodQuery = z
  .object({
    days: z.enum(['7', '30', '90', 'custom']).optional(),
    since: z.string().max(10).optional(),
    until: z.string().max(10).optional(),
  })
  .catch({})

export type PeriodChoice = { days: (typeof PRESET_DAYS)[number] | 'custom'; period: Period; problem?: string }

/** What the picker asked for; a custom period that does not parse falls back to 30 days, saying why. */
export function chosenPeriod(query: unknown, now: Date): PeriodChoice {
  const parsed = periodQuery.parse(query)
  if (parsed.days === 'custom' || (!parsed.days && (parsed.since || parsed.until))) {
    try {
      return {
        days: 'custom',
        period: periodBetween(parsed.since || undefined, parsed.until || undefined, now),
      }
    } catch (error) {
      if (!(error instanceof PeriodError)) throw error
      return { days: DEFAULT_DAYS, period: lastDays(DEFAULT_DAYS, now), problem: error.message }
    }
  }
  const days = parsed.days ? (Number(parsed.days) as (typeof PRESET_DAYS)[number]) : DEFAULT_DAYS
  return { days, period: lastDays(days, now) }
}
