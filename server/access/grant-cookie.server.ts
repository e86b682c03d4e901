// The grant cookie `{retailer}-access` (docs/architecture.md: Access, docs/decisions/005-access-grants.md
// and 029-cookie-signing-and-rotation.md):
//
//   v2.<codeId>.<issuedAt>.<signature>           a grant from a code
//   v3.<codeId>.<issuedAt>.<email>.<signature>   a grant from a code's one-time e-mail link
//
// codeId is the access code's uuid (walmart: the marker `none`), issuedAt is Unix seconds, email
// is the address the link was sent to (base64url), and signature is @fastify/cookie's signature
// (HMAC-SHA256, base64 without padding) of "v2\n<retailer>\n<codeId>\n<issuedAt>" (v3: with
// "\n<email>" after it). The e-mail names the viewer in the data room; a code that requires one
// refuses a v2 grant (grants.server.ts). The retailer is signed but not written: it comes from the
// cookie name, so a circlek grant copied into `pizzahut-access` fails the check. The signer takes
// several keys: the first signs, every one verifies, so a grant signed before a rotation of
// COOKIE_SECRET still opens while the previous secret is configured. Anything that does not parse
// and verify is no grant.

import { signerFactory } from '@fastify/cookie'
import { GRANT_MAX_AGE_MS, grantCookieName } from '../../lib/access.ts'
import { EMAIL_MAX } from '../../lib/forms/fields.ts'
import type { PartnerSlug } from '../../lib/partners.ts'

export const NO_CODE = 'none'
const COOKIE_PATTERN =
  /^(v2|v3)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|none)\.([0-9]{1,12})\.(?:([A-Za-z0-9_-]{4,400})\.)?([A-Za-z0-9+/]{43})$/
/** Clocks of several instances drift a little; a grant from further in the future is forged. */
const FUTURE_SKEW_MS = 5 * 60 * 1000

/** One key, or the current key first and the previous ones after it (accepted, never used to sign). */
export type GrantKeys = Buffer | readonly Buffer[]

export interface Grant {
  retailer: PartnerSlug
  /** The access code it came from; null for walmart, whose gate takes no code. */
  codeId: string | null
  issuedAt: Date
  /** The viewer's address, proved by a one-time link; null when the code asks for none. */
  email?: string | null
}

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

const message = (retailer: PartnerSlug, codeId: string, issuedAt: number, email: string | null) =>
  email === null
    ? `v2\n${retailer}\n${codeId}\n${issuedAt}`
    : `v3\n${retailer}\n${codeId}\n${issuedAt}\n${email}`

export function signGrant(keys: GrantKeys, grant: Grant): string {
  const codeId = grant.codeId ?? NO_CODE
  const email = grant.email ?? null
  const issuedAt = Math.floor(grant.issuedAt.getTime() / 1000)
  const signature = signatureOf(keys, message(grant.retailer, codeId, issuedAt, email))
  if (email === null) return `v2.${codeId}.${issuedAt}.${signature}`
  return `v3.${codeId}.${issuedAt}.${Buffer.from(email).toString('base64url')}.${signature}`
}

function emailOf(version: string, encoded: string | undefined): string | null | undefined {
  if (version === 'v2') return encoded === undefined ? null : undefined
  if (encoded === undefined) return undefined
  const email = Buffer.from(encoded, 'base64url').toString('utf8')
  // Only the exact encoding the server writes: no second spelling of one grant.
  if (Buffer.from(email).toString('base64url') !== encoded) return undefined
  return email.length <= EMAIL_MAX && email.includes('@') ? email : undefined
}

/** The grant a cookie value carries if its signature (by any of the keys), shape and age check out. */
export function readGrant(keys: GrantKeys, retailer: PartnerSlug, value: string, now: Date): Grant | null {
  const match = COOKIE_PATTERN.exec(value)
  if (!match) return null
  const [, version = '', codeId = '', issuedAtText = '', encodedEmail, given = ''] = match
  const email = emailOf(version, encodedEmail)
  if (email === undefined || (email !== null && codeId === NO_CODE)) return null
  const issuedAt = Number(issuedAtText)
  if (!signatureValid(keys, message(retailer, codeId, issuedAt, email), given)) return null
  if (!withinAge(issuedAt, now, GRANT_MAX_AGE_MS)) return null
  return {
    retailer,
    codeId: codeId === NO_CODE ? null : codeId,
    issuedAt: new Date(issuedAt * 1000),
    email,
  }
}

/** HttpOnly, SameSite=Lax, Path=/, and no Expires/Max-Age: it ends with the browser session. */
export function grantSetCookie(retailer: PartnerSlug, value: string, secure: boolean): string {
  // Values are [A-Za-z0-9._+/_-] only: cookie-octets that need no encoding.
  return `${grantCookieName(retailer)}=${value}; Path=/; HttpOnly;${secure ? ' Secure;' : ''} SameSite=Lax`
}

export function clearGrantSetCookie(retailer: PartnerSlug, secure: boolean): string {
  return `${grantCookieName(retailer)}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly;${secure ? ' Secure;' : ''} SameSite=Lax`
}

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
