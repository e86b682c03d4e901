// A one-time message from a console post to the page it redirects to (post/redirect/get) that must
// never travel in a URL or the history, nor be written anywhere: a newly generated access code,
// and an address the sign-in form refused (no session yet, so no row either). It is sealed
// (AES-256-GCM, a key derived from the site's key, the admin's session, or the form, as
// associated data) in a short-lived HttpOnly cookie scoped to that page; the page's next GET
// reads it once and clears it, so a reload, the back button or another admin's browser shows
// nothing.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Env } from '../../env.server.ts'
import { servedOverHttps } from '../../http/security-headers.server.ts'

const NAME = 'rm5-admin-flash'
/** Long enough for the redirect to be followed on a slow link; a flash is read at once. */
const MAX_AGE_SECONDS = 120
const IV_BYTES = 12
const TAG_BYTES = 16

export interface FlashScope {
  env: Env
  /** The site's key (ConsoleDeps.ipKey): the sealing key is derived from it. */
  ipKey: Buffer
  /** The admin's session (or, before one, the form's name): a flash opens only where it was made. */
  sessionTokenHash: string
  /** The page that shows it (the cookie's path). */
  path: string
}

const keyOf = (ipKey: Buffer) => Buffer.from(hkdfSync('sha256', ipKey, '', 'rm5 admin flash v1', 32))

// Secure by the session cookie's rule (session-cookie.server.ts): an HTTPS site, or TLS ended at a
// proxy TRUST_PROXY believes.
const cookieOf = (reply: FastifyReply, scope: FlashScope, value: string, maxAge: number) =>
  stringifySetCookie({
    name: NAME,
    value,
    path: scope.path,
    maxAge,
    httpOnly: true,
    sameSite: 'strict',
    secure: servedOverHttps(scope.env, reply.request),
  })

/** Sets the flash the next GET of `scope.path` shows once. */
export function setFlash(reply: FastifyReply, scope: FlashScope, payload: unknown): void {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(scope.ipKey), iv).setAAD(
    Buffer.from(scope.sessionTokenHash),
  )
  const sealed = Buffer.concat([
    iv,
    cipher.update(JSON.stringify(payload), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ])
  reply.header('set-cookie', cookieOf(reply, scope, sealed.toString('base64url'), MAX_AGE_SECONDS))
}

/** The flash this request carries, if any and if it opens in this session; the cookie is cleared. */
export function takeFlash<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: FlashScope,
  schema: z.ZodType<T>,
): T | undefined {
  const value = request.headers.cookie ? parseCookie(request.headers.cookie)[NAME] : undefined
  if (!value) return undefined
  reply.header('set-cookie', cookieOf(reply, scope, '', 0))
  const sealed = Buffer.from(value, 'base64url')
  if (sealed.length <= IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(scope.ipKey), sealed.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(scope.sessionTokenHash))
      .setAuthTag(sealed.subarray(-TAG_BYTES))
    const text = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, -TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    // Another session's, an older key's or a tampered cookie: nothing to show.
    return undefined
  }
}
