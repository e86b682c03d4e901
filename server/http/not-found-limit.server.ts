// Unknown paths are limited per client IP. A page 404 costs a Vike render (milliseconds of CPU), so a
// scanner walking a word list could otherwise keep a core busy; an API 404 is cheap but answers
// the same way so the rule is simple. Counters live in the shared rate-limit store (Redis when
// REDIS_URL is set), so a scanner spread over several instances is counted once.
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.server.ts'
import { RATE_LIMITS } from './rate-limits.server.ts'

export interface NotFoundLimiter {
  /** Throws a 429 when this client is already over its budget: call before expensive work. */
  refuseIfOver(request: FastifyRequest): Promise<void>
  /** Counts one unknown path for this client; throws a 429 when that goes over the budget. */
  count(request: FastifyRequest): Promise<void>
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

export function createNotFoundLimiter(
  app: FastifyInstance,
  options: { prefix?: string; limit?: { max: number; windowMs: number } } = {},
): NotFoundLimiter {
  const prefix = `${options.prefix ?? ''}not-found:`
  const limit = options.limit ?? RATE_LIMITS.notFound
  const limiter: Limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${prefix}${normalizeIP(request.ip)}`,
  })

  async function check(request: FastifyRequest, increment: boolean) {
    const result = await limiter(request, { increment })
    // A store error (Redis away) lets requests through: an unlimited 404 beats a site that is down.
    if (result.isAllowed || !result.isExceeded) return
    const seconds = Math.max(1, result.ttlInSeconds)
    // Debug only: a scanner's every request would otherwise be a log line.
    request.log.debug('too many unknown paths from one client')
    throw new HttpError(
      429,
      'rate_limited',
      `Too many requests for unknown pages. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(seconds) },
    )
  }

  return {
    refuseIfOver: (request) => check(request, false),
    count: (request) => check(request, true),
  }
}
