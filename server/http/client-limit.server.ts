// A per-client budget for requests that cost the server a render, checked by hand where the
// render is decided (a route's `config.rateLimit` cannot know whether a request will render).
// Counters live in the shared rate-limit store (Redis when REDIS_URL is set), so a client spread
// over several instances is counted once.
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.server.ts'
import type { RateLimit } from './rate-limits.server.ts'

export interface ClientLimiter {
  /** Throws a 429 when this client is already over its budget: call before expensive work. */
  refuseIfOver(request: FastifyRequest): Promise<void>
  /** Counts one request for this client; throws a 429 when that goes over the budget. */
  count(request: FastifyRequest): Promise<void>
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

export function createClientLimiter(
  app: FastifyInstance,
  options: {
    /** The counter's name in the store. */
    name: string
    limit: Pick<RateLimit, 'max' | 'windowMs'>
    /** What the 429 says was asked too often ("Too many requests for unknown pages."). */
    message: string
    /** Keeps a test's counters apart from others sharing the store. */
    prefix?: string
  },
): ClientLimiter {
  const prefix = `${options.prefix ?? ''}${options.name}:`
  const limiter: Limiter = app.createRateLimit({
    max: options.limit.max,
    timeWindow: options.limit.windowMs,
    keyGenerator: (request) => `${prefix}${normalizeIP(request.ip)}`,
  })

  async function check(request: FastifyRequest, increment: boolean) {
    const result = await limiter(request, { increment })
    // A store error (Redis away) lets requests through: an unlimited page beats a site that is down.
    if (result.isAllowed || !result.isExceeded) return
    const seconds = Math.max(1, result.ttlInSeconds)
    // Debug only: a scanner's every request would otherwise be a log line.
    request.log.debug({ limit: options.name }, 'client over its budget')
    throw new HttpError(
      429,
      'rate_limited',
      `${options.message} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(seconds) },
    )
  }

  return {
    refuseIfOver: (request) => check(request, false),
    count: (request) => check(request, true),
  }
}
