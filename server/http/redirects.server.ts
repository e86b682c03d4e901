// The site only ever redirects within itself. Vike's trailing-slash redirect copies the request
// path into Location, so `GET /\evil.example/` would answer `Location: /\evil.example`, which a
// browser reads as `//evil.example`: an open redirect. Every response's Location is checked
// here, whichever code set it; an off-site one is refused instead of sent. The one other place
// the site sends browsers is the console's single sign-on provider (decision 051), configured.
import type { FastifyInstance } from 'fastify'
import type { Env } from '../env.server.ts'
import { type ErrorBody, withRequestId } from './errors.server.ts'

/** A path on this site: one leading slash, then neither `/` nor `\` (which browsers treat alike). */
const SAME_SITE_PATH = /^\/(?![/\\])/
// Browsers strip tabs and newlines from URLs before resolving them (WHATWG URL).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

export function isSameSiteLocation(location: string, ownOrigins: ReadonlySet<string>): boolean {
  if (CONTROL.test(location)) return false
  if (SAME_SITE_PATH.test(location)) return true
  try {
    return ownOrigins.has(new URL(location).origin)
  } catch {
    return false
  }
}

/** The configured origins (never the request's Host header, which the client chooses). */
export function siteOrigins(env: Pick<Env, 'SITE_URL' | 'PUBLIC_ORIGIN'>): Set<string> {
  const origins = new Set([new URL(env.SITE_URL).origin])
  if (env.PUBLIC_ORIGIN) origins.add(new URL(env.PUBLIC_ORIGIN).origin)
  return origins
}

/** Where a redirect may lead: the site, and the console's sign-on provider when there is one. */
export function redirectOrigins(env: Pick<Env, 'SITE_URL' | 'PUBLIC_ORIGIN' | 'ADMIN_OIDC_ISSUER'>) {
  const origins = siteOrigins(env)
  if (env.ADMIN_OIDC_ISSUER) origins.add(new URL(env.ADMIN_OIDC_ISSUER).origin)
  return origins
}

export function registerRedirectGuard(app: FastifyInstance, env: Env): void {
  const ownOrigins = redirectOrigins(env)
  // A callback hook: it runs on every response, and an async hook costs a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const location = reply.getHeader('location')
    if (location === undefined || isSameSiteLocation(String(location), ownOrigins)) return done(null, payload)
    request.log.warn({ path: request.url.split('?', 1)[0] }, 'refused an off-site redirect')
    reply.removeHeader('location')
    reply.code(400).type('application/json; charset=utf-8')
    const body: ErrorBody = { error: { code: 'bad_request', message: 'The request is malformed.' } }
    done(null, JSON.stringify(withRequestId(body, request)))
  })
}
