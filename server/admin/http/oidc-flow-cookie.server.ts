// What an OpenID Connect sign-in must remember between leaving for the provider and coming back
// (state, nonce, PKCE verifier), kept in the browser that started it (decision 051): sealed with
// AES-256-GCM under a key derived from the site's key, so it can be neither read nor forged, and
// any instance sharing the secret can finish the flow. SameSite=Lax, not the session cookie's
// Strict: the way back is a top-level navigation from the provider's site, which Strict omits.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Env } from '../../env.server.ts'
import { servedOverHttps } from '../../http/security-headers.server.ts'

/** How long a sign-in may stay at the provider. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  expiresAt: z.number().int(),
})

export type OidcFlow = z.infer<typeof flowSchema>

export const oidcFlowKey = (ipKey: Buffer) =>
  createHmac('sha256', ipKey).update('rm5 admin oidc flow v1').digest()

type Request = Pick<FastifyRequest, 'protocol' | 'headers'>

// Secure and `__Host-` by the session cookie's rule (session-cookie.server.ts).
const cookieName = (env: Env, request: Request) =>
  servedOverHttps(env, request) ? '__Host-rm5-admin-oidc' : 'rm5-admin-oidc'

const attributes = (env: Env, request: Request) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: servedOverHttps(env, request) }) as const

const IV_BYTES = 12
const TAG_BYTES = 16

export function flowCookie(env: Env, request: Request, key: Buffer, flow: OidcFlow): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()])
  const value = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
  return stringifySetCookie({
    name: cookieName(env, request),
    value,
    maxAge: OIDC_FLOW_TTL_MS / 1000,
    ...attributes(env, request),
  })
}

export const clearedFlowCookie = (env: Env, request: Request): string =>
  stringifySetCookie({ name: cookieName(env, request), value: '', maxAge: 0, ...attributes(env, request) })

/** The flow this browser started, or undefined when there is none, it was tampered with or it expired. */
export function flowOf(request: FastifyRequest, env: Env, key: Buffer, now: Date): OidcFlow | undefined {
  const header = request.headers.cookie
  const value = header ? parseCookie(header)[cookieName(env, request)] : undefined
  if (!value) return undefined
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
    const flow = flowSchema.parse(JSON.parse(text.toString('utf8')))
    return flow.expiresAt > now.getTime() ? flow : undefined
  } catch {
    return undefined
  }
}
