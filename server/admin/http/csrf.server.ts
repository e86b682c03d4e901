// A token in every console form, on top of the site's Origin/Sec-Fetch-Site check
// (server/http/csrf.server.ts) and the SameSite=Strict cookie: a post without the token of its own
// session is refused, whatever the client says about where it comes from. The token is an HMAC of
// the session's token hash, so it needs no storage and dies with the session.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const csrfKey = (ipKey: Buffer) => createHmac('sha256', ipKey).update('rm5 admin csrf v1').digest()

export const csrfToken = (key: Buffer, sessionTokenHash: string) =>
  createHmac('sha256', key).update(sessionTokenHash).digest('base64url')

export function csrfMatches(key: Buffer, sessionTokenHash: string, given: unknown): boolean {
  if (typeof given !== 'string') return false
  const expected = Buffer.from(csrfToken(key, sessionTokenHash))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** The 403 message of a post without its session's token. */
export const CSRF_REFUSAL =
  'This form is out of date or came from another site. Reload the page and try again.'
