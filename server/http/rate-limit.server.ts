// @fastify/rate-limit, registered once for the app with no global limit: routes opt in with
// `config.rateLimit` or `app.rateLimit({...})` hooks. Counters live in Redis when REDIS_URL is set
// (shared by every instance, docs/architecture.md: Limits), in memory otherwise. With Redis away
// the plugin lets requests through (skipOnError) rather than taking the whole site down with it.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { HttpError } from './errors.server.ts'

export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'rm5-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return new HttpError(
        429,
        'rate_limited',
        `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        undefined,
        {
          'retry-after': String(seconds),
        },
      )
    },
  })
}
