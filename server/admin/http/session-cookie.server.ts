// The console's own cookie: the session token, HttpOnly, SameSite=Strict (a cross-site request
// never carries it), and `Secure` with the `__Host-` prefix by the gate cookie's rule: the site is
// HTTPS, or the request came over HTTPS through a proxy TRUST_PROXY believes. No Max-Age: the
// server ends the session (12 hours idle, ADMIN_SESSION_MAX_DAYS after sign-in), whatever the
// browser keeps.
import { parseCookie, stringifySetCookie } from 'cookie'
import type { FastifyRequest } from 'fastify'
import type { Env } from '../../env.server.ts'
import { servedOverHttps } from '../../http/security-headers.server.ts'

type Request = Pick<FastifyRequest, 'protocol' | 'headers'>

export const sessionCookieName = (env: Env, request: Request) =>
  servedOverHttps(env, request) ? '__Host-rm5-admin' : 'rm5-admin'

const attributes = (env: Env, request: Request) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: servedOverHttps(env, request) }) as const

export const sessionCookie = (env: Env, request: Request, token: string): string =>
  stringifySetCookie({ name: sessionCookieName(env, request), value: token, ...attributes(env, request) })

export const clearedSessionCookie = (env: Env, request: Request): string =>
  stringifySetCookie({
    name: sessionCookieName(env, request),
    value: '',
    maxAge: 0,
    ...attributes(env, request),
  })

export function sessionTokenOf(request: Request, env: Env): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  return parseCookie(header)[sessionCookieName(env, request)]
}
