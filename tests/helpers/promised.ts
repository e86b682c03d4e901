// What the site promises, as its documents state it: the spec's sentences, the documented limits
// and windows. Tests read these, never the constants of the code they test, so a changed value in
// the code fails a test instead of moving the test with it. Each value names where it is promised.
import { expect } from 'vitest'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const KB = 1024

/** Sessions opened with a revoked code end within 5 seconds, on every replica (SECURITY.md). */
export const SESSION_CUTOFF_MS = 5 * SECOND

/** SECURITY.md: a grant opens a page while its session is "under 12 hours old". */
export const GRANT_LIFETIME_MS = 12 * HOUR

/** docs/operations.md: an e-mailed data-room link "works once, within 15 minutes". */
export const EMAIL_LINK_LIFETIME_MS = 15 * MINUTE

/** docs/operations.md: "Links are limited to 3 per address and 10 requests per client in 15 minutes". */
export const EMAIL_LINK_LIMITS = {
  perAddress: { max: 3, windowMs: 15 * MINUTE },
  perClient: { max: 10, windowMs: 15 * MINUTE },
}

/** SECURITY.md: `POST /api/access/verify` per IP and gate, "10 a minute". */
export const VERIFY_PER_MINUTE = 10

/** SECURITY.md: `POST /api/access/link` per client, 10 a minute. */
export const LINK_PER_MINUTE = 10

/** SECURITY.md: `POST /api/documents/beacon` per client, 120 a minute. */
export const BEACON_PER_MINUTE = 120

/** SECURITY.md: unknown paths per IP, "60 a minute", then 429. */
export const NOT_FOUND_LIMIT = { max: 60, windowMs: MINUTE }

/** SECURITY.md: pages rendered for each request, per client holding no grant, 60 a minute, then 429. */
export const RENDER_PER_REQUEST_LIMIT = { max: 60, windowMs: MINUTE }

/** SECURITY.md "Transport limits". */
export const TRANSPORT = {
  /** request body (every route): 16 KB, 413. */
  bodyBytes: 16 * KB,
  /** HTML form body of /apply and /contact: 64 KB, 413. */
  formBodyBytes: 64 * KB,
  /** request line + headers: 16 KB, 431. */
  headerBytes: 16 * KB,
  /** headers must arrive within 10 s: 408. */
  headersTimeoutMs: 10 * SECOND,
  /** whole request must arrive within 15 s: 408. */
  requestTimeoutMs: 15 * SECOND,
}

/** docs/original-behaviour.md, /apply: the notice after a stored application. */
export const APPLICATION_SUCCESS = "Application submitted successfully! We'll be in touch soon."
/** docs/original-behaviour.md, /apply: the notice when it could not be stored. */
export const APPLICATION_FAILURE = 'Failed to submit application. Please try again.'

/**
 * docs/architecture.md: every JSON error answer is `{ error: { code, message, fields?, requestId } }`;
 * the request id differs per answer. The message is any text unless the test states it.
 */
export function apiError(code: string, message: unknown = expect.any(String)) {
  return { error: { code, message, requestId: expect.any(String) } }
}
