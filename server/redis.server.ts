// The app's one Redis connection (REDIS_URL): the shared rate-limit counters use it and the
// readiness probe pings it. Without REDIS_URL there is none and counters stay in memory.
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Env } from './env.server.ts'

export async function connectRedis(app: FastifyInstance, env: Env): Promise<Redis | undefined> {
  if (!env.REDIS_URL) return undefined
  // Fail fast instead of queueing commands while Redis is away; the limiter then lets requests
  // through (skipOnError) rather than taking the whole site down with it.
  const redis = new Redis(env.REDIS_URL, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  })
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'))
  await redis.connect().catch((err) => app.log.warn({ err: err.message }, 'redis unavailable at boot'))
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  return redis
}
