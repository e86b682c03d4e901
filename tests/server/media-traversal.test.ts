// Path traversal on /media through the whole app and over raw sockets (no client normalises the
// path first): dot segments in every encoding, backslashes, NUL, overlong UTF-8, cross-bucket
// tricks. Files planted next to the buckets (and the real cookie secret in DATA_DIR) never leak.
import { readFile, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECRET_FILE } from '../../server/access/secret.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { rawGet, rawRequest } from '../helpers/raw-http.ts'

const SENTINEL = 'SENTINEL-7f3a9c-must-never-be-served'
const IMAGE = Buffer.from('rm5-image-bytes')
const HERO = Buffer.from('heros-bucket-bytes')

let t: TestApp
let port: number
let cookieSecret: string
beforeAll(async () => {
  t = await createTestApp()
  await t.storage.client.putObject('360', 'rm5_1.jpg', IMAGE, IMAGE.length)
  await t.storage.client.putObject('heros', 'home.jpg', HERO, HERO.length)
  // Next to the bucket folders of the embedded S3, and in DATA_DIR itself.
  await writeFile(join(t.env.DATA_DIR, 'sentinel.txt'), SENTINEL)
  await writeFile(join(t.env.DATA_DIR, 's3', 'sentinel.txt'), SENTINEL)
  cookieSecret = (await readFile(join(t.env.DATA_DIR, SECRET_FILE), 'utf8')).trim()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
})

const traversals = [
  '/media/360/../sentinel.txt',
  '/media/360/../../sentinel.txt',
  '/media/360/../heros/home.jpg',
  '/media/360/./rm5_1.jpg',
  '/media/360/%2e%2e/sentinel.txt',
  '/media/360/%2E%2E/%2E%2E/sentinel.txt',
  '/media/360/.%2e/.%2e/sentinel.txt',
  '/media/360/..%2fsentinel.txt',
  '/media/360/..%2F..%2Fsentinel.txt',
  '/media/360/%2e%2e%2f%2e%2e%2fsentinel.txt',
  '/media/360/..%5csentinel.txt',
  '/media/360/..%5C..%5Csentinel.txt',
  '/media/360/..\\..\\sentinel.txt',
  '/media/360/%252e%252e%252fsentinel.txt',
  '/media/360/..%252f..%252fsentinel.txt',
  '/media/360/%c0%ae%c0%ae/%c0%ae%c0%ae/sentinel.txt',
  '/media/360/%c0%af..%c0%afsentinel.txt',
  '/media/360/%ef%bc%8e%ef%bc%8e/sentinel.txt',
  '/media/360/%e2%80%a5/sentinel.txt',
  '/media/360/..%00/sentinel.txt',
  '/media/360/rm5_1.jpg%00.png',
  '/media/360/%00',
  '/media/360//sentinel.txt',
  '/media/360///etc/passwd',
  '/media/360/....//....//sentinel.txt',
  '/media/360/..;/..;/sentinel.txt',
  '/media/360/%u002e%u002e/sentinel.txt',
  '/media/360/rm5_1.jpg/..',
  '/media/360/rm5_1.jpg/../../sentinel.txt',
  '/media/360/../../../../../../../../etc/passwd',
  '/media/360/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  `/media/360/${SECRET_FILE}`,
  `/media/360/../../${SECRET_FILE}`,
  '/media/..%2f..%2fsentinel.txt',
  '/media/%2e%2e/360/rm5_1.jpg',
  '/media/../sentinel.txt',
  '/media/./360/rm5_1.jpg',
  '/media/s3/sentinel.txt',
  '/media/sentinel.txt',
  '/media/%2e%2e/%2e%2e/etc/passwd',
  '/media/360%2f..%2f/sentinel.txt',
  `/media/360/${'a/'.repeat(300)}x.jpg`,
  `/media/360/${'%2e%2e/'.repeat(50)}etc/passwd`,
]

function expectRefused(status: number, body: string, path: string) {
  expect([400, 404], `${path} → ${status} ${body.slice(0, 200)}`).toContain(status)
  expect(body, path).not.toContain(SENTINEL)
  expect(body, path).not.toContain(cookieSecret)
  expect(body, path).not.toContain('root:')
  expect(body, path).not.toContain(HERO.toString())
  expect(body, path).not.toContain(IMAGE.toString())
}

describe('path traversal on /media', () => {
  it('serves the plain key it is asked for (control)', async () => {
    const res = await rawRequest(port, rawGet('/media/360/rm5_1.jpg'))
    expect(res.status).toBe(200)
    expect(res.body).toBe(IMAGE.toString())
  })

  it(`refuses ${traversals.length} traversal paths over raw sockets and through inject`, async () => {
    for (const path of traversals) {
      const raw = await rawRequest(port, rawGet(path))
      expectRefused(raw.status, raw.body, `raw ${path}`)
      const head = await rawRequest(port, rawGet(path).replace(/^GET/, 'HEAD'))
      expect([400, 404], `HEAD ${path}`).toContain(head.status)
      // inject resolves dot segments first, as a browser does, so `/media/360/../heros/home.jpg`
      // legitimately reaches heros/home.jpg there; it must still never reach outside a bucket.
      const injected = await t.app.inject({ method: 'GET', url: path })
      expect(injected.statusCode, `inject ${path}`).toBeLessThan(500)
      for (const secret of [SENTINEL, cookieSecret, 'root:']) expect(injected.body).not.toContain(secret)
    }
    console.log(
      `media traversal: ${traversals.length} paths × (raw GET, raw HEAD) refused with 400/404, none leaked`,
    )
  })

  it('names the reason in its error code, through the app’s own error handler', async () => {
    const res = await rawRequest(port, rawGet('/media/360/..%2F..%2Fetc/passwd'))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).error.code).toBe('invalid_key')
  })

  it('keeps the cookie secret and planted files where they were, unread', async () => {
    expect((await readFile(join(t.env.DATA_DIR, 'sentinel.txt'), 'utf8')).trim()).toBe(SENTINEL)
  })
})
