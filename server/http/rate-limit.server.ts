// @fastify/rate-limit, registered once for the app with no global limit: routes opt in with
// `config.rateLimit` or `app.rateLimit({...})` hooks. Counters live in Redis when REDIS_URL is set
// (shared by every instance, docs/architecture.md: Limits), in memory otherwise.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Env } from '../env.server'
import { HttpError } from './errors.server'

export async function registerRateLimit(app: FastifyInstance, env: Env): Promise<void> {
  let redis: Redis | undefined
  if (env.REDIS_URL) {
    // Fail fast instead of queueing commands while Redis is away; the limiter then lets requests
    // through (skipOnError) rather than taking the whole site down with it.
    redis = new Redis(env.REDIS_URL, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    })
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'))
    await redis.connect().catch((err) => app.log.warn({ err: err.message }, 'redis unavailable at boot'))
    app.addHook('onClose', async () => {
      redis?.disconnect()
    })
  }
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
