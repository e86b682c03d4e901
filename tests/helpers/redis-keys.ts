// Tests that count through a shared Redis keep their keys under a rate-limit prefix of their own
// (tests/helpers/access.ts limitPrefix); afterwards they delete those and no others, since other
// tests and apps may share the Redis.
import { Redis } from 'ioredis'

export async function deleteRedisKeys(redisUrl: string, rateLimitPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl)
  const keys = await redis.keys(`*${rateLimitPrefix}*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
}
