// `{retailer}-pending`: a right code that requires an e-mail, between the code step and the e-mail
// step of the gate. It names the code (never the code itself), is signed with the grant keys and
// lives 15 minutes; it opens nothing but the e-mail step (POST /api/access/email), so it is
// scoped to that path.
//
//   p1.<codeId>.<issuedAt>.<signature>   signature of "pending\n<retailer>\n<codeId>\n<issuedAt>"

import { stringifySetCookie } from 'cookie'
import { EMAIL_PATH } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import { EMAIL_LINK_TTL_MS } from './email-links.server.ts'
import {
  cookieValues,
  type GrantKeys,
  signatureOf,
  signatureValid,
  withinAge,
} from './grant-cookie.server.ts'

/** As long as the link it leads to: one window for the whole e-mail step. */
export const PENDING_MAX_AGE_MS = EMAIL_LINK_TTL_MS
const PATTERN =
  /^p1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,12})\.([A-Za-z0-9+/]{43})$/

export const pendingCookieName = (retailer: PartnerSlug) => `${retailer}-pending`

const message = (retailer: PartnerSlug, codeId: string, issuedAt: number) =>
  `pending\n${retailer}\n${codeId}\n${issuedAt}`

export function signPending(keys: GrantKeys, retailer: PartnerSlug, codeId: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return `p1.${codeId}.${issuedAt}.${signatureOf(keys, message(retailer, codeId, issuedAt))}`
}

/** The code id a request's pending cookie for `retailer` names, if one verifies and is young enough. */
export function pendingCodeId(
  keys: GrantKeys,
  retailer: PartnerSlug,
  cookieHeader: string | undefined,
  now: Date,
): string | null {
  if (!cookieHeader) return null
  const name = pendingCookieName(retailer)
  for (const value of cookieValues(cookieHeader, new Set([name])).get(name) ?? []) {
    const match = PATTERN.exec(value)
    if (!match) continue
    const [, codeId = '', issuedAtText = '', given = ''] = match
    const issuedAt = Number(issuedAtText)
    if (!signatureValid(keys, message(retailer, codeId, issuedAt), given)) continue
    if (!withinAge(issuedAt, now, PENDING_MAX_AGE_MS)) continue
    return codeId
  }
  return null
}

export const pendingSetCookie = (retailer: PartnerSlug, value: string, secure: boolean): string =>
  stringifySetCookie({
    name: pendingCookieName(retailer),
    value,
    maxAge: PENDING_MAX_AGE_MS / 1000,
    path: EMAIL_PATH,
    httpOnly: true,
    secure,
    sameSite: 'strict',
  })
