import { describeExpiry } from '../../../lib/code-expiry.ts'
import { utcMinute } from '../../../lib/utc-day.ts'

// How the console writes times: UTC, to the minute, as the CLI does.
export const utcTime = (date: Date | null | undefined, none = '—') => (date ? `${utcMinute(date)} UTC` : none)

/** A code's expiry: the date the admin gave ("2026-12-31 (end of day, UTC)"), or its time. */
export const expiryTime = (date: Date | null | undefined, none = 'never') =>
  date ? describeExpiry(date, (time) => utcTime(time)) : none
