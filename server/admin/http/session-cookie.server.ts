// The console's own cookie: the session token, HttpOnly, SameSite=Strict (a cross-site request
// never carries it), `__Host-` and Secure where the site is served over HTTPS, no Max-Age (the
// server ends the session after 12 hours idle, whatever the browser keeps).
import { parseCookie, stringifySetCookie } from 'cookie'
import type { FastifyRequest } from 'fastify'
import type { Env } from '../../env.server.ts'
import { isHttpsSite } from '../../http/security-headers.server.ts'

export const sessionCookieName = (env: Env) => (isHttpsSite(env) ? '__Host-rm5-admin' : 'rm5-admin')

const attributes = (env: Env) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: isHttpsSite(env) }) as const

export const sessionCookie = (env: Env, token: string): string =>
  stringifySetCookie({ name: sessionCookieName(env), value: token, ...attributes(env) })

export const clearedSessionCookie = (env: Env): string =>
  stringifySetCookie({ name: sessionCookieName(env), value: '', maxAge: 0, ...attributes(env) })

export function sessionTokenOf(request: FastifyRequest, env: Env): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  return parseCookie(header)[sessionCookieName(env)]
}
