import { EMAIL_PATH } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'

export type SendLinkResult =
  | { kind: 'sent' }
  /** The address is not one the server takes. */
  | { kind: 'email' }
  /** The code was checked more than 15 minutes ago: back to the code. */
  | { kind: 'expired' }
  | { kind: 'unavailable' }
  | { kind: 'rate_limited'; retryAfter?: number }
  | { kind: 'error'; error: unknown }

const TIMEOUT_MS = 10_000

/**
 * Asks the server to mail a one-time link to `email`. The answer is the same whether or not the
 * address may open the docket; the browser learns only that the request was taken.
 */
export async function sendLink(retailer: PartnerSlug, email: string): Promise<SendLinkResult> {
  try {
    const response = await fetch(EMAIL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ retailer, email }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (response.status === 429) {
      return { kind: 'rate_limited', retryAfter: Number(response.headers.get('retry-after')) || undefined }
    }
    const body = (await response.json().catch(() => null)) as {
      success?: unknown
      error?: { code?: unknown }
    } | null
    if (response.ok && body?.success === true) return { kind: 'sent' }
    if (response.status === 400) return { kind: 'email' }
    if (body?.error?.code === 'pending_expired') return { kind: 'expired' }
    if (body?.error?.code === 'mail_unavailable') return { kind: 'unavailable' }
    return { kind: 'error', error: new Error(`e-mail step answered ${response.status}`) }
  } catch (error) {
    return { kind: 'error', error }
  }
}
