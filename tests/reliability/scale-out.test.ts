// Two app instances on two ports, as behind a load balancer: one Postgres database, one Redis,
// one S3, one COOKIE_SECRET, each instance with its own connection pool. Nothing may depend on
// which instance a request lands on: a grant from A opens /docket on B, the verify and 404
// limits are shared, and an application sent to both with one Idempotency-Key is stored once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Env } from '../../server/env.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { type AppInstance, replicaEnv, startAppInstance, stopAppInstances } from '../helpers/app-instance.ts'
import { generatedCode } from '../helpers/codes-cli.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { NOT_FOUND_LIMIT } from '../helpers/promised.ts'
import { deleteRedisKeys } from '../helpers/redis-keys.ts'
import { describeWith, redisAt } from '../helpers/required-service.ts'
import { sentUntilTaken } from '../helpers/shed-retry.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisService = await redisAt(REDIS_URL)
const redisUp = redisService.available

// Real HTTP to two servers, argon2 checks and dozens of racing requests: a loaded machine may
// need minutes. The timeout only stops a hung test; what is asserted are the answers.
const WORK_MS = 180_000

const prefix = limitPrefix()
let testDb: TestDatabase
let env: Env
let a: AppInstance
let b: AppInstance
let code: string

beforeAll(async () => {
  if (!redisUp) return
  testDb = await createTestDatabase()
  // Behind the load balancer: the client address comes from X-Forwarded-For.
  env = replicaEnv(testDb, REDIS_URL, { TRUST_PROXY: 'true' })
  a = await startAppInstance('A', env, prefix)
  b = await startAppInstance('B', env, prefix)
  code = await generatedCode(a.db.prisma, 'circlek')
})

afterAll(async () => {
  await stopAppInstances([b, a])
  if (redisUp) await deleteRedisKeys(REDIS_URL, prefix)
  await testDb?.drop()
})

function send(
  instance: AppInstance,
  path: string,
  init: { method?: string; body?: unknown; ip: string; headers?: Record<string, string> },
) {
  return fetch(`${instance.url}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'x-forwarded-for': init.ip,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: instance.url }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

describeWith(redisService, 'two instances behind one load balancer', () => {
  it(
    'a grant from instance A opens /docket on instance B',
    async () => {
      const visitor = randomIp()
      const granted = await send(a, '/api/access/verify', {
        method: 'POST',
        body: { retailer: 'circlek', accessCode: code },
        ip: visitor,
      })
      expect(granted.status).toBe(200)
      expect(await granted.json()).toEqual({ success: true })
      const cookie = (granted.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string
      expect(cookie).toMatch(/^circlek-access=s1\./)

      const onB = await send(b, '/docket', { ip: visitor, headers: { cookie } })
      expect(onB.status).toBe(200)
      expect(await onB.text()).toContain('Meet the RM5')
      const proposalOnB = await send(b, '/circlek/proposal', { ip: visitor, headers: { cookie } })
      expect(proposalOnB.status).toBe(200)
      expect((await send(b, '/docket', { ip: visitor })).status).toBe(302)
      console.log('scale-out: grant from A opened /docket and /circlek/proposal on B')
    },
    WORK_MS,
  )

  it(
    'shares the verify limit: 10 wrong tries split over both, then 429 on either',
    async () => {
      const attacker = randomIp()
      const before = a.hasher.verifications + b.hasher.verifications
      for (let i = 0; i < 10; i++) {
        const res = await send(i % 2 ? b : a, '/api/access/verify', {
          method: 'POST',
          body: { retailer: 'circlek', accessCode: `wrong-guess-${i}` },
          ip: attacker,
        })
        expect(res.status, `try ${i + 1}`).toBe(200)
        expect(await res.json()).toEqual({ success: false })
      }
      for (const instance of [a, b]) {
        const res = await send(instance, '/api/access/verify', {
          method: 'POST',
          body: { retailer: 'circlek', accessCode: code },
          ip: attacker,
        })
        expect(res.status, `11th on ${instance.name}`).toBe(429)
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      const hashes = a.hasher.verifications + b.hasher.verifications - before
      expect(hashes).toBe(10)
      console.log(
        `scale-out: 10 wrong tries (5 on A, 5 on B) → 11th is 429 on both; ${hashes} argon2 checks in all`,
      )
    },
    WORK_MS,
  )

  it(
    'shares the 404 limit across instances',
    async () => {
      const scanner = randomIp()
      for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
        const res = await send(i % 2 ? b : a, `/api/scan-${i}`, { ip: scanner })
        expect(res.status).toBe(404)
      }
      expect((await send(a, '/wp-login.php', { ip: scanner })).status).toBe(429)
      expect((await send(b, '/wp-login.php', { ip: scanner })).status).toBe(429)
    },
    WORK_MS,
  )

  it(
    'stores an application sent to both instances with one Idempotency-Key once',
    async () => {
      // Each copy is sent again while the app sheds it (a retryable 503 for a busy pool), as a client does.
      const submit = (instance: AppInstance, key: string, n: number) =>
        sentUntilTaken(async () => {
          const res = await send(instance, '/api/applications', {
            method: 'POST',
            body: applicationBody(n),
            ip: randomIp(),
            headers: { 'idempotency-key': key },
          })
          return {
            status: res.status,
            body: await res.text(),
            replayed: res.headers.get('idempotent-replayed'),
          }
        })
      // A retry that lands on the other instance.
      const key = randomUUID()
      const first = await submit(a, key, 1)
      const retry = await submit(b, key, 1)
      expect([first.status, retry.status]).toEqual([201, 201])
      const id = JSON.parse(first.body).id
      expect(JSON.parse(retry.body).id).toBe(id)
      expect(retry.replayed).toBe('true')

      // Twenty racing pairs: each pair's two copies arrive at both instances at once.
      const keys = Array.from({ length: 20 }, () => randomUUID())
      const raced = await Promise.all(keys.flatMap((k, n) => [submit(a, k, 100 + n), submit(b, k, 100 + n)]))
      const ids = raced.map((res) => ({ status: res.status, id: JSON.parse(res.body).id }))
      for (let n = 0; n < keys.length; n++) {
        const [onA, onB] = [ids[2 * n], ids[2 * n + 1]]
        expect(onA?.status).toBe(201)
        expect(onB?.status).toBe(201)
        expect(onA?.id).toBe(onB?.id)
      }
      const rows = await a.db.prisma.retailerApplication.count({
        where: { idempotencyKey: { in: [key, ...keys] } },
      })
      expect(rows).toBe(1 + keys.length)
      console.log(
        `scale-out: ${1 + keys.length} applications sent to both instances (${2 * (1 + keys.length)} requests) → ${rows} rows`,
      )
    },
    WORK_MS,
  )
})
