// Shared by the form API tests: POST JSON through `inject`, each call from its own client IP
// unless one is given, so the per-IP rate limit only bites in the tests about it.
import type { FastifyInstance } from 'fastify'

let nextIp = 1

/** A fresh client address (10.x.y.z) for the rate limiter. */
export function freshIp(): string {
  const n = nextIp++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

export interface PostOptions {
  key?: string
  ip?: string
  headers?: Record<string, string>
}

export function postJson(app: FastifyInstance, url: string, body: unknown, options: PostOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      'content-type': 'application/json',
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...options.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
