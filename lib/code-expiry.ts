// A code's expiry as an admin writes it (`rm5 codes set|generate --expires`, the console's code
// form): a calendar date (the code works through the end of that day, UTC), an ISO time with its
// zone, or a duration from now (90m, 12h, 30d, 8w).
import { parseSince } from './since.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DURATION = /^(\d{1,5})\s*(m|h|d|w)$/i
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const

/** The expiry instant `value` names, or null when it is not one we accept. */
export function parseExpires(value: string, now: Date): Date | null {
  const text = value.trim()
  const duration = DURATION.exec(text)
  if (duration) {
    const unit = (duration[2] ?? 'd').toLowerCase() as keyof typeof UNIT_MS
    return new Date(now.getTime() + Number(duration[1]) * UNIT_MS[unit])
  }
  const start = parseSince(text)
  if (!start) return null
  // "--expires 2026-03-31" reads as "valid until March 31", so it ends at that day's close.
  return DATE.test(text) ? new Date(start.getTime() + UNIT_MS.d) : start
}

/**
 * An expiry as the admin gave it: an instant at midnight UTC is the end of the day before (what
 * `--expires 2026-12-31` and the console's date field store), said as that date; any other
 * instant is written by `time`.
 */
export function describeExpiry(date: Date, time: (date: Date) => string): string {
  if (date.getTime() % UNIT_MS.d !== 0) return time(date)
  return `${new Date(date.getTime() - UNIT_MS.d).toISOString().slice(0, 10)} (end of day, UTC)`
}
