// Days as the site counts them: UTC days written YYYY-MM-DD, whatever the server's time zone, so
// reports, exports and retention agree on where a day starts (every stored time is timestamptz);
// and times as the console and the CLI write them, in UTC to the minute.

export const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC day (YYYY-MM-DD) of an instant written as ISO 8601 (`Date#toISOString`). */
export const dayOfInstant = (iso: string): string => iso.slice(0, 10)

/** The UTC day (YYYY-MM-DD) of a time. */
export const dayKey = (at: Date): string => dayOfInstant(at.toISOString())

/**
 * A time to the minute in UTC, `YYYY-MM-DD HH:MM`: the same on every admin's machine. The console
 * writes it followed by " UTC", the CLI's tables by "Z".
 */
export const utcMinute = (at: Date): string => at.toISOString().slice(0, 16).replace('T', ' ')

/** The first instant of a UTC day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`)
