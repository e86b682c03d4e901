// The signed, short-lived token a document's page carries (decision 034): which document and
// version, which viewer (code, e-mail), when the page was served. A reading beacon counts only
// with a valid one, for the viewer whose grant sends it; its time is bounded by the viewer's
// reading clock (reading-clocks.server.ts).
import { createHmac, timingSafeEqual } from 'node:crypto'

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
