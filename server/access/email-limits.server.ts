// Limits on the gate's e-mail step (POST /api/access/email), so the site cannot be used to flood
// an inbox or to try addresses in bulk: per address (an HMAC of it, never the address, in the
// key) and per client address. Counters live in @fastify/rate-limit's store, Redis when REDIS_URL
// is set, as the verify limit's do (limits.server.ts). If the store fails the plugin lets the
// request through: each request still needs a right code's pending cookie.

import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hashIp } from './attempts.server.ts'
import type { LimitRule } from './limits.server.ts'

export const EMAIL_LIMITS = {
  /** Links one address may be sent: a few retries, not a stream of mail. */
  perAddress: { max: 3, windowMs: 15 * 60_000 },
  perClient: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>

export type EmailLimiter = (request: FastifyRequest, email: string) => Promise<{ retryAfter: number } | null>

export function createEmailLimiter(
  app: FastifyInstance,
  options: { prefix?: string; key: Buffer },
): EmailLimiter {
  const prefix = `${options.prefix ?? ''}access-email:`
  const keys = new WeakMap<FastifyRequest, string>()
  const keyOf = (request: FastifyRequest) => keys.get(request) ?? `${prefix}unknown`
  const limiter = (rule: LimitRule) =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: keyOf })
  const perAddress = limiter(EMAIL_LIMITS.perAddress)
  const perClient = limiter(EMAIL_LIMITS.perClient)

  async function hit(check: ReturnType<typeof limiter>, request: FastifyRequest, key: string) {
    keys.set(request, key)
    const result = await check(request)
    if (result.isAllowed || !result.isExceeded) return null
    return { retryAfter: Math.max(1, result.ttlInSeconds) }
  }

  return async (request, email) =>
    (await hit(perClient, request, `${prefix}ip:${normalizeIP(request.ip)}`)) ??
    hit(perAddress, request, `${prefix}address:${hashIp(options.key, `email\n${email}`)}`)
}
