// What an operator reads when a setting is wrong: one line naming the variable and what it must be,
// never zod's own terms (NaN, int, the spellings z.stringbool takes) or a bare "Invalid URL".
import { describe, expect, it } from 'vitest'
import { parseSiteConfig } from '../lib/site-config-schema.ts'
import { parseEnv } from './env.server.ts'

const messageOf = (source: Record<string, string>) => {
  try {
    parseEnv(source)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`accepted ${JSON.stringify(source)}`)
}

describe('a bad setting', () => {
  it.each([
    ['PORT', 'abc', 'must be a port number from 0 to 65535'],
    ['PORT', '70000', 'must be a port number from 0 to 65535'],
    ['PORT', '80.5', 'must be a port number from 0 to 65535'],
    ['PUBLIC_ORIGIN', 'ftp://rm5.example.com', 'must be an http(s) URL such as https://rm5.example.com'],
    ['S3_ENDPOINT', 'minio:9000', 'must be an http(s) URL such as http://minio:9000'],
    ['REDIS_URL', 'http://redis:6379', 'must be a redis:// or rediss:// URL such as redis://redis:6379'],
    [
      'DATABASE_URL',
      'mysql://db/rm5',
      'must be a postgres:// or postgresql:// URL such as postgres://rm5:password@db:5432/rm5',
    ],
    ['LOG_REQUESTS', 'maybe', 'must be true or false'],
    ['NODE_ENV', 'prod', 'must be one of: development, production, test'],
    ['ADMIN_SESSION_MAX_DAYS', 'a week', 'must be a number'],
    ['ADMIN_SESSION_MAX_DAYS', '0', 'must be at least 1'],
    ['ADMIN_SESSION_MAX_DAYS', '366', 'must be at most 365'],
    ['MEDIA_CACHE_MAX_BYTES', '1.5', 'must be a whole number'],
  ])('%s=%s says what it must be', (name, value, must) => {
    expect(messageOf({ [name]: value })).toBe(`Invalid environment variable ${name}: ${must}`)
  })

  it('takes every scheme it names', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgresql://rm5@db/rm5',
      REDIS_URL: 'rediss://redis:6380',
      S3_ENDPOINT: 'https://s3.example.com',
      PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
      PORT: '0',
    })
    expect([env.DATABASE_URL, env.REDIS_URL, env.S3_ENDPOINT, env.PORT]).toEqual([
      'postgresql://rm5@db/rm5',
      'rediss://redis:6380',
      'https://s3.example.com',
      0,
    ])
  })

  it('reads the same words where only the site config is parsed (pages, the CLI)', () => {
    expect(() => parseSiteConfig({ BRAND_PRODUCT: ' ' })).toThrow(
      'Invalid environment variable BRAND_PRODUCT: must not be empty',
    )
    expect(() => parseSiteConfig({ BRAND_PRODUCT: 'R'.repeat(41) })).toThrow(
      'Invalid environment variable BRAND_PRODUCT: must be at most 40 characters',
    )
  })
})
