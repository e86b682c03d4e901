// The grant cookie `{retailer}-access` (docs/architecture.md: Access, docs/decisions/005-access-grants.md):
//
//   v1.<codeId>.<issuedAt>.<signature>
//
// codeId is the access code's uuid (walmart: the marker `none`), issuedAt is Unix seconds, and
// signature is base64url(HMAC-SHA256(key, "v1\n<retailer>\n<codeId>\n<issuedAt>")). The retailer is
// signed but not written: it comes from the cookie name, so a circlek grant copied into
// `pizzahut-access` fails the check. Anything that does not parse and verify is no grant.

import { createHmac, timingSafeEqual } from 'node:crypto'
import { GRANT_MAX_AGE_MS, grantCookieName } from '../../lib/access'
import type { GateRetailer } from '../../lib/retailers'

export const NO_CODE = 'none'
const VERSION = 'v1'
const COOKIE_PATTERN =
  /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|none)\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/
/** Clocks of several instances drift a little; a grant from further in the future is forged. */
const FUTURE_SKEW_MS = 5 * 60 * 1000

export interface Grant {
  retailer: GateRetailer
  /** The access code it came from; null for walmart, whose gate takes no code. */
  codeId: string | null
  issuedAt: Date
}

function signature(key: Buffer, retailer: GateRetailer, codeId: string, issuedAt: number): string {
  return createHmac('sha256', key)
    .update(`${VERSION}\n${retailer}\n${codeId}\n${issuedAt}`)
    .digest('base64url')
}

export function signGrant(key: Buffer, grant: Grant): string {
  const codeId = grant.codeId ?? NO_CODE
  const issuedAt = Math.floor(grant.issuedAt.getTime() / 1000)
  return `${VERSION}.${codeId}.${issuedAt}.${signature(key, grant.retailer, codeId, issuedAt)}`
}

/** The grant a cookie value carries if its signature, shape and age check out; otherwise null. */
export function readGrant(key: Buffer, retailer: GateRetailer, value: string, now: Date): Grant | null {
  const match = COOKIE_PATTERN.exec(value)
  if (!match) return null
  const [, codeId = '', issuedAtText = '', given = ''] = match
  // walmart grants carry no code; every other gate's grant must name one.
  if ((retailer === 'walmart') !== (codeId === NO_CODE)) return null
  const issuedAt = Number(issuedAtText)
  const expected = signature(key, retailer, codeId, issuedAt)
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null
  const age = now.getTime() - issuedAt * 1000
  if (age >= GRANT_MAX_AGE_MS || age < -FUTURE_SKEW_MS) return null
  return { retailer, codeId: codeId === NO_CODE ? null : codeId, issuedAt: new Date(issuedAt * 1000) }
}

/** HttpOnly, SameSite=Lax, Path=/, and no Expires/Max-Age: it ends with the browser session. */
export function grantSetCookie(retailer: GateRetailer, value: string, secure: boolean): string {
  // Values are [A-Za-z0-9._-] only, so they need no encoding.
  return `${grantCookieName(retailer)}=${value}; Path=/; HttpOnly;${secure ? ' Secure;' : ''} SameSite=Lax`
}

export function clearGrantSetCookie(retailer: GateRetailer, secure: boolean): string {
  return `${grantCookieName(retailer)}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly;${secure ? ' Secure;' : ''} SameSite=Lax`
}

/**
 * The values of the named cookies in a Cookie header. A name sent twice (e.g. from a parent
 * domain) yields every value, so a stray copy cannot hide a valid grant.
 */
export function cookieValues(header: string, names: ReadonlySet<string>): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (!names.has(name)) continue
    const value = pair.slice(eq + 1).trim()
    found.set(name, [...(found.get(name) ?? []), value])
  }
  return found
}
