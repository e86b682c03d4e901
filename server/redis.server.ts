// The app's one Redis connection (REDIS_URL): the shared rate-limit counters use it and the
// readiness probe pings it. Without REDIS_URL there is none and counters stay in memory.
// Redis away, at start or later, never stops the server: ioredis reconnects in the background
// (its default backoff, at most 2 s between tries) and the outage is logged once, with the
// endpoint, and its end once.
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { Env } from './env.server.ts'

export async function connectRedis(app: FastifyInstance, env: Env): Promise<Redis | undefined> {
  if (!env.REDIS_URL) return undefined
  // Loaded only when configured: a site without Redis never needs the client (decision 064).
  const { Redis } = await import('ioredis')
  // Fail fast instead of queueing commands while Redis is away; the limiter then lets requests
  // through (skipOnError) rather than taking the whole site down with it.
  const redis = new Redis(env.REDIS_URL, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  })
  const endpoint = endpointOf(env.REDIS_URL)
  let down = false
  const lost = (err: Error) => {
    if (down) return
    down = true
    app.log.warn(
      { endpoint, err: err.message },
      'redis unreachable: limits count in this process until it returns; reconnecting in the background',
    )
  }
  redis.on('error', lost)
  redis.on('ready', () => {
    if (!down) return
    down = false
    app.log.info({ endpoint }, 'redis reachable again')
  })
  await redis.connect().catch(lost)
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  return redis
}

/** Scheme, host and port of a Redis URL: never its password. */
function endpointOf(url: string): string {
  const { protocol, host } = new URL(url)
  return `${protocol}//${host}`
}
