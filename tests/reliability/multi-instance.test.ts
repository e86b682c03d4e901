// Three app instances behind a real proxy on loopback (Caddy, configured as deploy/Caddyfile's
// reverse_proxy: round robin, retries, the same timeouts), sharing one Postgres database, one
// Redis and one S3 (the embedded stand-in), as a scaled deployment runs. They act as one site: a
// code revoked through one is refused by all within 5 s, a document added through one is listed by
// all within 10 s, wrong codes spread over the three count once against the same limit, and 100
// notifications raised across them are delivered exactly once. A missing Redis fails this file in
// CI (CI=true) instead of skipping it. The rolling upgrade from the previous release under load is
// not here: it needs the old release's own install and build, minutes of CI (docs/benchmarks.md).
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { revoke } from '../../scripts/cli/codes/commands.ts'
import { freePort } from '../../scripts/lib/free-port.ts'
import type { Database } from '../../server/db/database.server.ts'
import type { Env } from '../../server/env.server.ts'
import { limitPrefix, seedCode } from '../helpers/access.ts'
import { type AppInstance, replicaEnv, startAppInstance, stopAppInstances } from '../helpers/app-instance.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { deleteRedisKeys } from '../helpers/redis-keys.ts'
import { describeWith, redisAt } from '../helpers/required-service.ts'
import { sentUntilTaken } from '../helpers/shed-retry.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisService = await redisAt(REDIS_URL)
const redisUp = redisService.available

const WEBHOOK_SECRET = 'multi-instance-webhook-secret'
const prefix = limitPrefix()
let testDb: TestDatabase
let env: Env
let instances: AppInstance[] = []
let proxyPort: number
let stopProxy: () => Promise<void> = async () => {}
let receiver: ReturnType<typeof webhookReceiver>

/** Caddy with deploy/Caddyfile's reverse_proxy settings, over the three loopback ports. */
async function startCaddy(ports: number[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rm5-multi-caddy-'))
  proxyPort = await freePort()
  const config = join(dir, 'Caddyfile')
  writeFileSync(
    config,
    `{
\tadmin off
}
:${proxyPort} {
\treverse_proxy ${ports.map((port) => `127.0.0.1:${port}`).join(' ')} {
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\tfail_duration 10s
\t\ttrusted_proxies 127.0.0.0/8
\t\ttransport http {
\t\t\tdial_timeout 2s
\t\t\tkeepalive 30s
\t\t}
\t}
}
`,
  )
  let output = ''
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  stopProxy = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  await until(
    `Caddy listens on ${proxyPort}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}):\n${output}`)
      return fetch(`http://127.0.0.1:${proxyPort}/livez`).then(
        (res) => res.ok,
        () => false,
      )
    },
    15_000,
  )
}

beforeAll(async () => {
  if (!redisUp) return
  const webhookPort = await freePort()
  receiver = webhookReceiver(webhookPort, WEBHOOK_SECRET)
  await receiver.start()
  testDb = await createTestDatabase()
  env = replicaEnv(testDb, REDIS_URL, {
    // Behind Caddy, which keeps the X-Forwarded-For of the test's client (a trusted proxy for it).
    TRUST_PROXY: 'loopback',
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  })
  for (const name of ['A', 'B', 'C'])
    instances.push(await startAppInstance(name, env, prefix, { notifications: { pollMs: 200 } }))
  await startCaddy(instances.map((instance) => instance.port))
}, 120_000)

afterAll(async () => {
  await stopProxy()
  await stopAppInstances(instances.reverse())
  instances = []
  if (redisUp) await deleteRedisKeys(REDIS_URL, prefix)
  await receiver?.stop()
  await testDb?.drop()
})

const viaProxy = (path: string, init: RequestInit & { ip: string }) =>
  fetch(`http://127.0.0.1:${proxyPort}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { 'x-forwarded-for': init.ip, ...(init.headers as Record<string, string>) },
  })
const direct = (instance: AppInstance, path: string, cookie: string) =>
  fetch(`http://127.0.0.1:${instance.port}${path}`, { redirect: 'manual', headers: { cookie } })

async function grantFor(code: string): Promise<string> {
  const res = await viaProxy('/api/access/verify', {
    method: 'POST',
    ip: randomIp(),
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${proxyPort}` },
    body: JSON.stringify({ retailer: 'circlek', accessCode: code }),
  })
  expect(await res.json()).toEqual({ success: true })
  return (res.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string
}

describeWith(redisService, 'three instances behind Caddy act as one site', () => {
  it('a code revoked through one instance is refused by all three within 5 s', async () => {
    const code = `multi-revoke-${randomBytes(4).toString('hex')}`
    const id = await seedCode(instances[0]?.db as Database, 'circlek', code)
    const cookie = await grantFor(code)
    for (const instance of instances)
      expect((await direct(instance, '/docket', cookie)).status, instance.name).toBe(200)

    const printed: string[] = []
    const revokedAt = Date.now()
    await revoke(
      (instances[1] as AppInstance).db.prisma,
      { print: (line = '') => printed.push(line), now: () => new Date() },
      { id },
      true,
    )
    expect(JSON.parse(printed[0] as string)).toEqual({ revokedIds: [id] })
    const refusedAfter: Record<string, number> = {}
    await Promise.all(
      instances.map((instance) =>
        until(
          `instance ${instance.name} refuses the revoked code's grant`,
          async () => {
            const refused = (await direct(instance, '/docket', cookie)).status === 302
            if (refused) refusedAfter[instance.name] = Date.now() - revokedAt
            return refused
          },
          5_000,
        ),
      ),
    )
    console.log(`multi-instance: revocation refused on A, B, C after ${JSON.stringify(refusedAfter)} ms`)
  })

  it('a document added through one instance is listed by all three within 10 s', async () => {
    const code = `multi-docs-${randomBytes(4).toString('hex')}`
    await seedCode(instances[0]?.db as Database, 'circlek', code)
    const cookie = await grantFor(code)
    const title = `Rollout ${randomUUID().slice(0, 8)}`
    // Every instance has rendered the docket (and may keep it) before the document exists.
    for (const instance of instances)
      expect(await (await direct(instance, '/docket', cookie)).text()).not.toContain(title)
    const addedAt = Date.now()
    await (instances[2] as AppInstance).app.documents.store.add({
      retailer: 'circlek',
      bytes: Buffer.from(`# ${title}\n\nPhase one.\n`),
      fileName: 'rollout.md',
      title,
    })
    const listedAfter: Record<string, number> = {}
    await Promise.all(
      instances.map((instance) =>
        until(
          `instance ${instance.name} lists the new document`,
          async () => {
            const listed = (await (await direct(instance, '/docket', cookie)).text()).includes(title)
            if (listed) listedAfter[instance.name] = Date.now() - addedAt
            return listed
          },
          10_000,
        ),
      ),
    )
    console.log(`multi-instance: new document listed on A, B, C after ${JSON.stringify(listedAfter)} ms`)
  })

  it('wrong codes spread over the three by the proxy count once against one limit', async () => {
    const attacker = randomIp()
    const before = instances.map((instance) => instance.hasher.verifications)
    const guess = (accessCode: string) =>
      viaProxy('/api/access/verify', {
        method: 'POST',
        ip: attacker,
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${proxyPort}` },
        body: JSON.stringify({ retailer: 'circlek', accessCode }),
      })
    for (let i = 0; i < 10; i++) {
      const res = await guess(`wrong-guess-${i}`)
      expect(res.status, `try ${i + 1}`).toBe(200)
      expect(await res.json()).toEqual({ success: false })
    }
    const perInstance = instances.map((instance, i) => instance.hasher.verifications - (before[i] as number))
    // Round robin: every instance took some of them, and the ten were checked once each.
    expect(perInstance.every((count) => count > 0)).toBe(true)
    expect(perInstance.reduce((a, b) => a + b, 0)).toBe(10)
    // The 11th, 12th and 13th land on each instance in turn: all refused.
    for (let i = 0; i < 3; i++) expect((await guess(`one-more-${i}`)).status, `extra ${i + 1}`).toBe(429)
    console.log(
      `multi-instance: 10 wrong codes checked ${perInstance.join(' + ')} on A, B, C; the next 3 → 429`,
    )
  })

  it('100 notifications raised across the three are delivered exactly once', async () => {
    const already = receiver.deliveries.length
    const submit = async (n: number) => {
      const key = randomUUID()
      const res = await sentUntilTaken(async () => {
        const sent = await viaProxy('/api/applications', {
          method: 'POST',
          ip: randomIp(),
          headers: {
            'content-type': 'application/json',
            origin: `http://127.0.0.1:${proxyPort}`,
            'idempotency-key': key,
          },
          body: JSON.stringify(applicationBody(1000 + n)),
        })
        return { status: sent.status, body: await sent.text() }
      })
      expect(res.status, `application ${n}: ${res.body}`).toBe(201)
      return JSON.parse(res.body).id as string
    }
    // Ten at a time, as visitors would send them (not a load test: the limits of one small
    // machine are the bench's).
    const submitted: string[] = []
    for (let batch = 0; batch < 10; batch++)
      submitted.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => submit(batch * 10 + i)))))
    expect(new Set(submitted).size).toBe(100)
    const prisma = (instances[0] as AppInstance).db.prisma
    // Settled: no notification of these is left to deliver anywhere.
    await until(
      'every notification is delivered',
      async () =>
        (await prisma.notification.count({ where: { event: 'application.created', deliveredAt: null } })) ===
          0 && receiver.deliveries.length - already >= 100,
      60_000,
    )
    const received = receiver.deliveries.slice(already)
    expect(received.every((delivery) => delivery.signatureValid)).toBe(true)
    const ids = received.map((delivery) => delivery.id)
    expect(ids.length).toBe(100)
    expect(new Set(ids).size).toBe(100)
    const delivered = await prisma.notification.count({
      where: { event: 'application.created', deliveredAt: { not: null } },
    })
    expect(delivered).toBe(100)
    console.log('multi-instance: 100 applications over A, B, C → 100 webhook deliveries, each once')
  })
})
