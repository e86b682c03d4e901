// Where a stored form post without JavaScript lands (Post/Redirect/Get, decision 022): its
// confirmation page, at an address that carries the minute the post was stored
// (`/apply/received?sent=29456123`). The page says the post was received only while that minute
// is recent, so a reload right after shows it again and posts nothing, while the same page typed,
// bookmarked or opened from history later says nothing was sent and leads to the form. The minute
// is not a secret: whoever writes a recent one into the address only tells themselves.
import type { QueryVariants } from '../page-rules.ts'

/** The confirmation page's query parameter: when the post was stored, in minutes since 1970 (UTC). */
export const SENT_PARAM = 'sent'

/** How long after a post its confirmation page still says it was received (a form's answers are kept as long, decision 069). */
export const CONFIRMATION_MINUTES = 60

const MINUTE_MS = 60_000
const minuteOf = (time: number) => Math.floor(time / MINUTE_MS)

/** The confirmation page's address for a post stored at `now`. */
export const confirmationUrl = (path: string, now: Date): string =>
  `${path}?${SENT_PARAM}=${minuteOf(now.getTime())}`

/**
 * True for a `sent` value a post stored in the last CONFIRMATION_MINUTES wrote. A minute ahead is
 * allowed: another instance behind the same load balancer may have stored the post with a clock a
 * little ahead of this one's.
 */
export function isRecentlySent(value: string | undefined, now = Date.now()): boolean {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return false
  const age = minuteOf(now) - Number(value)
  return age >= -1 && age <= CONFIRMATION_MINUTES
}

/** Whether a confirmation page's render follows a post: the `sent` its address carries. */
export const followsPost = (pageContext: { urlParsed: { search: Record<string, string> } }): boolean =>
  isRecentlySent(pageContext.urlParsed.search[SENT_PARAM])

/**
 * A confirmation page's query variants (decision 073): a recent `sent` is a kept render of its
 * own, at most one per minute of the last hour; any other value is left out of the render, which
 * is then the page without it (nothing sent).
 */
export const confirmationQueryVariants: QueryVariants = {
  [SENT_PARAM]: (value) => isRecentlySent(value),
}
