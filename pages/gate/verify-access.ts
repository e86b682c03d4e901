import { VERIFY_PATH } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'

export type VerifyResult =
  | { kind: 'granted' }
  /** A right code that requires an e-mail: the e-mail step next (or the notice that mail is off). */
  | { kind: 'email' | 'unavailable' }
  | { kind: 'invalid' }
  | { kind: 'rate_limited' | 'busy'; retryAfter?: number }
  | { kind: 'error'; error: unknown }

/** The spec's backend client gives up after 10 s (section 9). */
const TIMEOUT_MS = 10_000

/**
 * Asks the server to check a code (or, for walmart, to grant access). On success the server has
 * set the HttpOnly grant cookie; nothing about the grant is kept in the browser's storage.
 */
export async function verifyAccess(retailer: PartnerSlug, accessCode?: string): Promise<VerifyResult> {
  try {
    const response = await fetch(VERIFY_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(accessCode === undefined ? { retailer } : { retailer, accessCode }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const retryAfter = Number(response.headers.get('retry-after')) || undefined
    if (response.status === 429) return { kind: 'rate_limited', retryAfter }
    const body = (await response.json().catch(() => null)) as {
      success?: unknown
      next?: unknown
      error?: { code?: unknown }
    } | null
    if (response.status === 503 && body?.error?.code === 'busy') return { kind: 'busy', retryAfter }
    if (response.status === 503 && body?.error?.code === 'mail_unavailable') return { kind: 'unavailable' }
    if (response.ok && body?.success === true && body.next === 'email') return { kind: 'email' }
    if (response.ok && body?.success === true) return { kind: 'granted' }
    if (response.ok && body?.success === false) return { kind: 'invalid' }
    return { kind: 'error', error: new Error(`verify answered ${response.status}`) }
  } catch (error) {
    return { kind: 'error', error }
  }
}
