// CSRF defence for every state-changing request (no tokens to leak or expire):
// 1. the body must be JSON (a cross-site page cannot send that without a CORS preflight we never
//    grant) or our own form encoding (the no-JS gate form); text/plain and multipart get 415,
//    except on a route that says it takes multipart (`config.acceptsMultipart`: the console's
//    upload) or text/plain (`config.acceptsTextPlain`: the reading
//    beacon, which navigator.sendBeacon sends as text/plain), where rule 2 still applies;
// 2. a browser's Sec-Fetch-Site must be same-origin, and an Origin header must be our own origin.
// Clients that send neither header (curl, server-to-server) are not browsers and carry no
// ambient cookies of a visitor, so they pass on to normal validation.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Env } from '../env.server.ts'
import { HttpError } from './errors.server.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ALLOWED_TYPES = ['application/json', 'application/x-www-form-urlencoded']

function ownOrigins(request: FastifyRequest, env: Env): Set<string> {
  const origins = new Set<string>()
  if (request.headers.host) origins.add(`${request.protocol}://${request.headers.host}`)
  if (env.PUBLIC_ORIGIN) origins.add(new URL(env.PUBLIC_ORIGIN).origin)
  origins.add(new URL(env.SITE_URL).origin)
  return origins
}

/** A body of a type a cross-site form could send (text/plain, multipart) is refused outright. */
export function hasUnsupportedBody(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  if (!hasBody || ALLOWED_TYPES.includes(type)) return false
  if (type === 'multipart/form-data' && request.routeOptions.config?.acceptsMultipart === true) return false
  return !(type === 'text/plain' && request.routeOptions.config?.acceptsTextPlain === true)
}

export function csrfRejection(request: FastifyRequest, env: Env): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
    return `cross-site request (${site})`
  const origin = request.headers.origin
  if (typeof origin === 'string' && !ownOrigins(request, env).has(origin)) return 'foreign origin'
  return undefined
}

export async function registerCsrfProtection(app: FastifyInstance, env: Env): Promise<void> {
  // A callback hook that returns at once for GET/HEAD: page requests pay one Set lookup, no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done()
    if (hasUnsupportedBody(request)) {
      return done(new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.'))
    }
    const reason = csrfRejection(request, env)
    if (reason) {
      request.log.warn({ reason, path: request.url.split('?', 1)[0] }, 'cross-site request refused')
      return done(new HttpError(403, 'cross_site_request', 'Cross-site requests are not allowed.'))
    }
    done()
  })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes text/plain bodies (navigator.sendBeacon sends a string as text/plain, the
     * only way to send one without a preflight). Same-origin only, like every other post.
     */
    acceptsTextPlain?: boolean
    /**
     * The route takes a file upload (multipart/form-data: the console's document upload, which
     * checks its own CSRF token as the body's first field). Same-origin only, like every other post.
     */
    acceptsMultipart?: boolean
  }
}
