// The grant cookie `{retailer}-access` (docs/architecture.md: Access, docs/decisions/045-grant-sessions.md
// and 029-cookie-signing-and-rotation.md):
//
//   s1.<sessionId>.<signature>
//
// sessionId is the access_sessions row (a random uuid) and signature is @fastify/cookie's
// signature (HMAC-SHA256, base64 without padding) of "s1\n<retailer>\n<sessionId>". The cookie
// only names the session: whether it opens anything is decided by the row and its code
// (sessions.server.ts), so ending the row ends the grant wherever the cookie was copied. The
// signature keeps guessed or made-up ids from costing a lookup, and binds the retailer (taken from
// the cookie name), so a circlek session copied into `pizzahut-access` fails the check. The signer
// takes several keys: the first signs, every one verifies, so a session signed before a rotation of
// COOKIE_SECRET still opens while the previous secret is configured. Anything that does not parse
// and verify is no grant.

import { signerFactory } from '@fastify/cookie'
import { stringifySetCookie } from 'cookie'
import { grantCookieName } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'

const COOKIE_PATTERN =
  /^s1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9+/]{43})$/
/** Clocks of several instances drift a little; a token from further in the future is forged. */
const FUTURE_SKEW_MS = 5 * 60 * 1000

/** One key, or the current key first and the previous ones after it (accepted, never used to sign). */
export type GrantKeys = Buffer | readonly Buffer[]

// Making a signer checks its algorithm (with random bytes) each time: one per set of keys.
const signers = new WeakMap<GrantKeys, ReturnType<typeof signerFactory>>()
function signerOf(keys: GrantKeys) {
  let signer = signers.get(keys)
  if (!signer) {
    signer = signerFactory(Buffer.isBuffer(keys) ? keys : [...keys])
    signers.set(keys, signer)
  }
  return signer
}

/** The signature alone (the signer writes "<message>.<signature>"; a cookie carries only the signature). */
export function signatureOf(keys: GrantKeys, signed: string): string {
  return signerOf(keys)
    .sign(signed)
    .slice(signed.length + 1)
}

/** Whether `given` is a signature of `signed` by any of the keys. */
export const signatureValid = (keys: GrantKeys, signed: string, given: string): boolean =>
  signerOf(keys).unsign(`${signed}.${given}`).valid

/** Whether a token issued at `issuedAt` (Unix seconds) is younger than `maxAgeMs` and not forged ahead. */
export function withinAge(issuedAt: number, now: Date, maxAgeMs: number): boolean {
  const age = now.getTime() - issuedAt * 1000
  return age < maxAgeMs && age >= -FUTURE_SKEW_MS
}

const message = (retailer: PartnerSlug, sessionId: string) => `s1\n${retailer}\n${sessionId}`

/** The cookie value naming a session of `retailer`. */
export function signSession(keys: GrantKeys, retailer: PartnerSlug, sessionId: string): string {
  return `s1.${sessionId}.${signatureOf(keys, message(retailer, sessionId))}`
}

/** The session id a cookie value names, if its shape and signature (by any of the keys) check out. */
export function readSessionId(keys: GrantKeys, retailer: PartnerSlug, value: string): string | null {
  const match = COOKIE_PATTERN.exec(value)
  if (!match) return null
  const [, sessionId = '', given = ''] = match
  return signatureValid(keys, message(retailer, sessionId), given) ? sessionId : null
}

const grantAttributes = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax', secure }) as const

/** HttpOnly, SameSite=Lax, Path=/, and no Expires/Max-Age: it ends with the browser session. */
export const grantSetCookie = (retailer: PartnerSlug, value: string, secure: boolean): string =>
  // Values are [A-Za-z0-9.+/-] only: cookie-octets the library writes as they are.
  stringifySetCookie({ name: grantCookieName(retailer), value, ...grantAttributes(secure) })

export const clearGrantSetCookie = (retailer: PartnerSlug, secure: boolean): string =>
  stringifySetCookie({
    name: grantCookieName(retailer),
    value: '',
    maxAge: 0,
    expires: new Date(0),
    ...grantAttributes(secure),
  })

/**
 * The values of the named cookies in a Cookie header. A name sent twice (e.g. from a parent
 * domain) yields every value, so a stray copy cannot hide a valid grant.
 */
export function cookieValues(
  header: string,
  names: ReadonlySet<string> | ((name: string) => boolean),
): Map<string, string[]> {
  const wanted = typeof names === 'function' ? names : (name: string) => names.has(name)
  const found = new Map<string, string[]>()
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (!wanted(name)) continue
    const value = pair.slice(eq + 1).trim()
    found.set(name, [...(found.get(name) ?? []), value])
  }
  return found
}
