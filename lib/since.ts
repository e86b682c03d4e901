// A date as the admin CLIs' --since and a code's expiry take it: a calendar date (midnight UTC,
// so the answer does not depend on the admin's machine) or a full ISO 8601 time with its zone.

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** The instant `value` names, or null when it is not a date we accept. */
export function parseSince(value: string): Date | null {
  const text = value.trim()
  const iso = DATE.test(text) ? `${text}T00:00:00Z` : DATE_TIME.test(text) ? text : null
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  // new Date('2026-02-31') rolls over to March: refuse dates that do not exist.
  if (DATE.test(text) && date.toISOString().slice(0, 10) !== text) return null
  return date
}
