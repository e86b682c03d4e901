// The signed, short-lived token a document's page carries (decision 034): which document and
// version, which viewer (code, e-mail), when the page was served. A reading beacon counts only
// with a valid one, for the viewer whose grant sends it, and a view never accumulates more
// reading time than the time since it was served.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { LRUCache } from 'lru-cache'

export interface ViewToken {
  documentId: string
  version: number
  codeId: string | null
  email: string | null
  /** When the page was served (ms since the epoch). */
  servedAt: number
}

/** A page left open longer is a new view when it is opened again; its beacons stop counting. */
export const VIEW_TOKEN_MAX_AGE_MS = 4 * 60 * 60_000
/** Views whose counted seconds are remembered (one entry per served page, never more than this). */
const VIEW_CLOCKS = 100_000

/** The token's key, derived from a key of the site's secret (its own label: it opens nothing else). */
export const viewTokenKey = (secretKey: Buffer) =>
  createHmac('sha256', secretKey).update('rm5 document view token v1').digest()

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

export function signViewToken(key: Buffer, token: ViewToken): string {
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url')
  return `${payload}.${sign(key, payload)}`
}

/** The token when its signature holds and it is not older than VIEW_TOKEN_MAX_AGE_MS; else undefined. */
export function readViewToken(key: Buffer, value: string, now: number): ViewToken | undefined {
  const [payload, signature, extra] = value.split('.')
  if (!payload || !signature || extra !== undefined) return undefined
  const expected = Buffer.from(sign(key, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let token: ViewToken
  try {
    token = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ViewToken
  } catch {
    return undefined
  }
  if (
    !Number.isFinite(token.servedAt) ||
    token.servedAt > now ||
    now - token.servedAt > VIEW_TOKEN_MAX_AGE_MS
  ) {
    return undefined
  }
  return token
}

/**
 * Seconds counted per view: a beacon's seconds are cut so that a view's total never exceeds the
 * whole seconds since its page was served (a burst of `seconds: 600` counts what really elapsed).
 */
export class ViewClocks {
  private readonly counted = new LRUCache<string, number>({ max: VIEW_CLOCKS, ttl: VIEW_TOKEN_MAX_AGE_MS })

  /** The seconds of this report that count, recorded against the view. */
  take(view: string, token: ViewToken, seconds: number, now: number): number {
    const elapsed = Math.floor((now - token.servedAt) / 1000)
    const already = this.counted.get(view) ?? 0
    const spent = Math.max(0, Math.min(seconds, elapsed - already))
    this.counted.set(view, already + spent)
    return spent
  }
}
