// S3_BUCKET_PREFIX against a real S3 stand-in (s3rver on loopback, reached as an external
// S3_ENDPOINT like any bring-your-own S3): the app creates its buckets with the prefix, /media
// serves from them, the CLI uploads into them, and nothing is created under the bare names.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketNameProblem, bucketPrefixProblem } from '../../lib/buckets.ts'
import { EnvError, parseEnv } from '../../server/env.server.ts'
import { type EmbeddedS3, startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { buildMediaApp } from '../helpers/media-app.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { runRm5 } from '../helpers/run-cli.ts'

const PREFIX = 'acme-rm5-'
const IMAGE = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))

let standIn: EmbeddedS3
let standInDir: string
let appDir: string
let s3Env: Record<string, string>
let storage: Storage
let app: FastifyInstance

beforeAll(async () => {
  standInDir = await mkdtemp(join(tmpdir(), 'rm5-s3-standin-'))
  appDir = await mkdtemp(join(tmpdir(), 'rm5-prefix-app-'))
  standIn = await startEmbeddedS3(standInDir, quietStorageLog)
  s3Env = {
    DATA_DIR: appDir,
    S3_ENDPOINT: `http://127.0.0.1:${standIn.port}`,
    S3_ACCESS_KEY: standIn.credentials.accessKey,
    S3_SECRET_KEY: standIn.credentials.secretKey,
    S3_BUCKET_PREFIX: PREFIX,
  }
  storage = await openStorage(parseEnv({ ...s3Env, NODE_ENV: 'test' }), quietStorageLog)
  await storage.ensureBuckets()
  app = await buildMediaApp(storage)
}, 30_000)

afterAll(async () => {
  await app?.close()
  await storage?.close()
  await standIn?.close()
  await rm(standInDir, { recursive: true, force: true })
  await rm(appDir, { recursive: true, force: true })
})

describe('S3_BUCKET_PREFIX on an external S3', () => {
  it('creates the required buckets under the prefix only', async () => {
    const names = (await storage.client.listBuckets()).map((bucket) => bucket.name).sort()
    expect(names).toEqual(['acme-rm5-360', 'acme-rm5-heros', 'acme-rm5-video'])
    expect(storage.embedded).toBe(false)
    await expect(storage.ping()).resolves.toBeUndefined()
  })

  it('serves media from the prefixed bucket through /media, by logical or physical name', async () => {
    await storage.client.putObject(storage.bucket('Heros'), 'home.jpg', IMAGE, IMAGE.length, {
      'Content-Type': 'image/jpeg',
    })
    const byLogical = await app.inject({ method: 'GET', url: '/media/Heros/home.jpg' })
    expect(byLogical.statusCode).toBe(200)
    expect(byLogical.rawPayload.equals(IMAGE)).toBe(true)
    const byPhysical = await app.inject({ method: 'GET', url: '/media/acme-rm5-heros/home.jpg' })
    expect(byPhysical.statusCode).toBe(200)
    // The bare physical name is not one of this deployment's buckets.
    const bare = await app.inject({ method: 'GET', url: '/media/heros/home.jpg' })
    expect(bare.statusCode).toBe(404)
    expect(bare.json().error.code).toBe('unknown_bucket')
  })

  it('names the prefixed bucket in MEDIA_PUBLIC_URL links', async () => {
    const env = parseEnv({ ...s3Env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/', NODE_ENV: 'test' })
    const withPublicUrl = await openStorage(env, quietStorageLog)
    try {
      expect(withPublicUrl.publicUrl('Heros', 'home.jpg')).toBe(
        'https://cdn.example.com/acme-rm5-heros/home.jpg',
      )
    } finally {
      await withPublicUrl.close()
    }
  })

  it('has the CLI upload into and list the prefixed bucket', async () => {
    const folder = join(appDir, 'frames')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'rm5_1.jpg'), IMAGE)
    const upload = await runRm5(['media', 'upload', folder, '--bucket', 'video'], s3Env)
    expect(upload.stderr).not.toMatch(/error/i)
    expect(upload.code).toBe(0)
    const stat = await storage.client.statObject('acme-rm5-video', 'rm5_1.jpg')
    expect(stat.size).toBe(IMAGE.length)
    await expect(storage.client.bucketExists('video')).resolves.toBe(false)
    const served = await app.inject({ method: 'GET', url: '/media/video/rm5_1.jpg' })
    expect(served.statusCode).toBe(200)
  }, 60_000)
})

describe('bucket names the prefix may make', () => {
  it('accepts an empty prefix (today’s names) and ordinary ones', () => {
    for (const prefix of ['', 'acme-', 'acme-rm5-', 'rm5.prod.', 'a1']) {
      expect(bucketPrefixProblem(prefix)).toBeUndefined()
    }
  })

  it('refuses prefixes that make a name S3 rejects', () => {
    expect(bucketPrefixProblem('Acme-')).toMatch(/lowercase/)
    expect(bucketPrefixProblem('acme_')).toMatch(/lowercase/)
    expect(bucketPrefixProblem('-acme')).toMatch(/starting and ending/)
    expect(bucketPrefixProblem('acme.')).toBeUndefined()
    expect(bucketPrefixProblem('acme..')).toMatch(/"\.\."/)
    expect(bucketPrefixProblem('acme.-')).toMatch(/next to/)
    expect(bucketPrefixProblem('xn--acme-')).toMatch(/reserved "xn--"/)
    expect(bucketPrefixProblem('sthree-')).toMatch(/reserved/)
    // 63 characters is the longest name: product-images is the longest of the site's buckets.
    expect(bucketPrefixProblem('a'.repeat(63 - 'product-images'.length))).toBeUndefined()
    expect(bucketPrefixProblem('a'.repeat(64 - 'product-images'.length))).toMatch(/3 to 63/)
    expect(bucketNameProblem('192.168.1.10')).toMatch(/IP address/)
  })

  it('stops the process naming the variable', () => {
    expect(() => parseEnv({ S3_BUCKET_PREFIX: 'Acme-' })).toThrow(EnvError)
    expect(() => parseEnv({ S3_BUCKET_PREFIX: 'Acme-' })).toThrow(/S3_BUCKET_PREFIX/)
    expect(() =>
      parseEnv({
        S3_BUCKET_PREFIX: 'rm5.prod.',
        S3_PATH_STYLE: 'false',
        S3_ENDPOINT: 'https://s3.example.com',
      }),
    ).toThrow(/S3_BUCKET_PREFIX: no "\."/)
    expect(parseEnv({}).S3_BUCKET_PREFIX).toBe('')
    expect(parseEnv({}).S3_PATH_STYLE).toBe(true)
  })

  it('hands the path-style setting to the S3 client', async () => {
    const origin = new URL(String(s3Env.S3_ENDPOINT))
    for (const [endpoint, value, url] of [
      [origin.origin, 'true', `http://${origin.host}/acme-rm5-heros/home%20%281%29.jpg`],
      ['http://s3.example:9000', 'true', 'http://s3.example:9000/acme-rm5-heros/home%20%281%29.jpg'],
      ['http://s3.example:9000', 'false', 'http://acme-rm5-heros.s3.example:9000/home%20%281%29.jpg'],
      // An address has no subdomains: path style whatever the setting.
      [origin.origin, 'false', `http://${origin.host}/acme-rm5-heros/home%20%281%29.jpg`],
    ] as const) {
      const env = { ...s3Env, S3_ENDPOINT: endpoint, S3_PATH_STYLE: value }
      const client = await openStorage(parseEnv(env), quietStorageLog)
      try {
        expect(client.client.url('acme-rm5-heros', 'home (1).jpg').href).toBe(url)
      } finally {
        await client.close()
      }
    }
  })
})
