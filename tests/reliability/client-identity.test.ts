// The client address behind each supported deployment (docs/scaling-and-proxies.md, "Deploying behind a proxy"), with
// real processes on loopback: the app listening on a port, the repository's deploy/Caddyfile in a
// real Caddy, and nginx as a load balancer in front of it. Clients are told apart by their source
// address (127.0.0.2, 127.0.0.3, …). In every topology a spoofed X-Forwarded-For never buys a
// fresh rate-limit bucket nor spends someone else's, and distinct clients get distinct buckets,
// on the access gate and on the forms alike.
import { request } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { testAppForFile } from '../helpers/app.ts'
import { type RunningProxy, startCaddy, startNginxBalancer } from '../helpers/proxies.ts'

/** A small per-client allowance keeps the argon2 work of these tests low. */
const VERIFY_MAX = 3
const FORM_MAX = 10

const t = testAppForFile({})

interface Answer {
  status: number
  body: string
}

function post(port: number, path: string, body: object, from: string, forwardedFor?: string) {
  const payload = JSON.stringify(body)
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

let spoofs = 0
/** A new made-up address each call, as an attacker rotating X-Forwarded-For would send. */
const spoof = () => `198.51.100.${++spoofs % 250}, 203.0.113.${spoofs % 200}`

const guess = (port: number, from: string, forwardedFor?: string) =>
  post(port, '/api/access/verify', { retailer: 'circlek', accessCode: 'not-the-code' }, from, forwardedFor)
// An invalid body is answered 400 after the limit counted it: cheap, and nothing is stored.
const form = (port: number, from: string, forwardedFor?: string) =>
  post(port, '/api/contact', { name: '' }, from, forwardedFor)

interface Topology {
  name: string
  trustProxy: false | string[]
  /** A load balancer stands in front of Caddy, so a client could try to go around it to Caddy. */
  balancer: boolean
  /** Starts the proxies in front of the app; returns the port clients use and a stop function. */
  front(appPort: number): Promise<{ port: number; caddyPort?: number; stop(): Promise<void> }>
}

const topologies: Topology[] = [
  {
    name: '(a) app exposed directly, TRUST_PROXY=false',
    trustProxy: false,
    balancer: false,
    front: async (appPort) => ({ port: appPort, stop: async () => {} }),
  },
  {
    // Caddy reaches the app from 127.0.0.1; in compose, from the private network (uniquelocal).
    name: '(b) behind the bundled Caddy, TRUST_PROXY=Caddy',
    trustProxy: ['127.0.0.1/32'],
    balancer: false,
    async front(appPort) {
      const caddy = await startCaddy(appPort)
      return { port: caddy.port, caddyPort: caddy.port, stop: caddy.stop }
    },
  },
  {
    name: '(c) behind a load balancer and Caddy, TRUSTED_PROXIES=TRUST_PROXY=balancer and Caddy',
    trustProxy: ['127.0.0.1/32'],
    balancer: true,
    async front(appPort) {
      // The balancer reaches Caddy from 127.0.0.1; clients come from 127.0.0.2 and up.
      const caddy = await startCaddy(appPort, '127.0.0.1/32')
      let balancer: RunningProxy
      try {
        balancer = await startNginxBalancer(caddy.port)
      } catch (error) {
        await caddy.stop()
        throw error
      }
      return {
        port: balancer.port,
        caddyPort: caddy.port,
        stop: async () => {
          await balancer.stop()
          await caddy.stop()
        },
      }
    },
  },
]

describe.each(topologies)('$name', (topology) => {
  let app: FastifyInstance
  let front: Awaited<ReturnType<Topology['front']>>

  beforeAll(async () => {
    app = await buildApp({
      env: { ...t.env, TRUST_PROXY: topology.trustProxy },
      db: t.db,
      storage: t.storage,
      logger: false,
      access: { rateLimitPrefix: limitPrefix(), limits: { perIp: { max: VERIFY_MAX, windowMs: 60_000 } } },
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    front = await topology.front(address.port)
  }, 30_000)
  afterAll(async () => {
    await front?.stop()
    await app?.close()
  })

  it('gate: a new X-Forwarded-For on every guess never yields a fresh bucket', async () => {
    for (let i = 0; i < VERIFY_MAX; i++) {
      expect((await guess(front.port, '127.0.0.2', spoof())).status, `guess ${i + 1}`).toBe(200)
    }
    const limited = await guess(front.port, '127.0.0.2', spoof())
    expect(limited.status).toBe(429)
    expect(JSON.parse(limited.body).error.code).toBe('rate_limited')
  })

  it('gate: another client has its own bucket, and cannot spend the limited one’s', async () => {
    // 127.0.0.3 names the limited client in X-Forwarded-For: it is still itself.
    expect((await guess(front.port, '127.0.0.3', '127.0.0.2')).status).toBe(200)
    expect((await guess(front.port, '127.0.0.3')).status).toBe(200)
    // …and a fresh client that claims to be 127.0.0.3 does not use up 127.0.0.3's allowance.
    for (let i = 0; i < VERIFY_MAX; i++) await guess(front.port, '127.0.0.4', '127.0.0.3')
    expect((await guess(front.port, '127.0.0.3')).status).toBe(200)
    expect((await guess(front.port, '127.0.0.4')).status).toBe(429)
  })

  it('forms: the same identity, with their own limit', async () => {
    for (let i = 0; i < FORM_MAX; i++) {
      expect((await form(front.port, '127.0.0.5', spoof())).status, `post ${i + 1}`).toBe(400)
    }
    expect((await form(front.port, '127.0.0.5', spoof())).status).toBe(429)
    expect((await form(front.port, '127.0.0.6', '127.0.0.5')).status).toBe(400)
  })

  // Only where a balancer stands in front of Caddy is there a way around it to try: the test is
  // declared for that topology alone rather than reported as skipped in the others.
  if (topology.balancer)
    it('a client that goes around the balancer straight to Caddy cannot spoof either', async () => {
      const caddyPort = front.caddyPort as number
      for (let i = 0; i < VERIFY_MAX; i++) {
        expect((await guess(caddyPort, '127.0.0.7', spoof())).status, `guess ${i + 1}`).toBe(200)
      }
      expect((await guess(caddyPort, '127.0.0.7', spoof())).status).toBe(429)
    })
})
