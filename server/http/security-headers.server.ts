// Security headers on every response, computed once at boot (hot path: one object assignment).
// The CSP carries no 'unsafe-inline'/'unsafe-eval' in script-src and no per-request nonce, so the
// same policy covers pre-rendered files and pages rendered on demand: our HTML has no inline
// executable script (Vike's pageContext and JSON-LD blocks are data, which CSP does not execute).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Env } from '../env.server.ts'
import { publicOrigin } from './public-origin.server.ts'

export interface SecurityHeaderOptions {
  env: Env
  /** Development (Vite dev server) injects inline scripts and a websocket: no CSP there. */
  development: boolean
}

function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//.test(url)) return undefined
  return new URL(url).origin
}

/**
 * The site's policy. `objects: 'self'` lets a page embed this origin's files in <object> (a data
 * room PDF in the browser's own viewer, which Chromium loads as a frame, so `frame-src 'self'`
 * with it); everywhere else nothing may be embedded.
 */
export function contentSecurityPolicy(env: Env, options: { objects?: 'none' | 'self' } = {}): string {
  // Media may come from a CDN / MinIO public address or an external streaming provider.
  const mediaOrigins = [originOf(env.MEDIA_PUBLIC_URL), originOf(env.VIDEO_BASE_URL)]
    .filter(Boolean)
    .join(' ')
  const extra = mediaOrigins ? ` ${mediaOrigins}` : ''
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React style attributes need inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    `media-src 'self' blob:${extra}`,
    // hls.js fetches playlists and segments; MSE hands the player blob: URLs.
    `connect-src 'self'${extra}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `object-src '${options.objects ?? 'none'}'`,
    ...(options.objects === 'self' ? ["frame-src 'self'"] : []),
  ].join('; ')
}

export function isHttpsSite(env: Env): boolean {
  return publicOrigin(env).startsWith('https://')
}

/**
 * Whether a cookie set in answer to this request is `Secure`: the site is HTTPS, or the request
 * came over HTTPS (itself, or through a proxy TRUST_PROXY believes). Every cookie follows it.
 */
export const servedOverHttps = (env: Env, request: { protocol: string }): boolean =>
  isHttpsSite(env) || request.protocol === 'https'

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  }
  if (!options.development) headers['content-security-policy'] = contentSecurityPolicy(options.env)
  return headers
}

export const HSTS = 'max-age=63072000; includeSubDomains'

/** Sets the headers every answer carries on `reply`; made once, called per request. */
export function securityHeaderSetter(
  options: SecurityHeaderOptions,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = securityHeaders(options)
  const httpsSite = isHttpsSite(options.env)
  return (request, reply) => {
    reply.headers(headers)
    // HSTS only means something over HTTPS (directly or behind a trusted TLS proxy).
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', HSTS)
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const setHeaders = securityHeaderSetter(options)
  // A callback hook, not async: it runs on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request, reply)
    done()
  })
}
