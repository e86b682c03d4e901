// A replica leaving a real proxy's rotation and draining, the step a rolling upgrade repeats
// (scripts/bench/rolling-upgrade.ts measures it under load): Caddy finds the replicas through DNS
// as deploy/Caddyfile does; replica A is taken out of the name, and once Caddy has asked again A
// is closed (app.close(), what SIGTERM does) while a request through Caddy is still in flight on
// it. That request is answered in full by A, its answer announces `Connection: close` (so Caddy
// never puts back in its pool a connection the drain is about to close), and every request sent
// through Caddy meanwhile is answered by B.
import { randomInt } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUpstreamDns, type UpstreamDns } from '../../scripts/lib/upstream-dns.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Deferred, deferred } from '../helpers/deferred.ts'
import { type RunningProxy, startCaddyOverDns } from '../helpers/proxies.ts'

const NAME = 'rm5.drain.test'
// Two loopback addresses of their own (all of 127/8 is loopback), so both replicas share a port.
const subnet = `127.${randomInt(1, 255)}.${randomInt(0, 256)}`

interface Replica {
  host: string
  t: TestApp
  slowStarted: Deferred
  releaseSlow: Deferred
  /** The Connection header of /slow's answer, as sent. */
  slowConnection?: unknown
}

async function startReplica(host: string, port: number): Promise<Replica> {
  const replica = { host, slowStarted: deferred(), releaseSlow: deferred() } as Replica
  replica.t = await createTestApp({
    routes(app) {
      // Held open until the test releases it: the request in flight when the drain begins.
      app.get('/slow', async () => {
        replica.slowStarted.resolve()
        await replica.releaseSlow.promise
        return { from: host }
      })
      app.get('/who', async () => ({ from: host }))
      app.addHook('onResponse', (request, reply, done) => {
        if (request.url === '/slow') replica.slowConnection = reply.getHeader('connection')
        done()
      })
    },
  })
  await replica.t.app.listen({ host, port })
  return replica
}

let a: Replica
let b: Replica
let dns: UpstreamDns
let proxy: RunningProxy
let through: string

beforeAll(async () => {
  a = await startReplica(`${subnet}.1`, 0)
  const { port } = a.t.app.server.address() as AddressInfo
  b = await startReplica(`${subnet}.2`, port)
  dns = await startUpstreamDns(NAME)
  dns.set([a.host])
  proxy = await startCaddyOverDns(NAME, port, dns.port)
  through = `http://127.0.0.1:${proxy.port}`
})

afterAll(async () => {
  await proxy?.stop()
  await dns?.close()
  await Promise.allSettled([a?.t.close(), b?.t.close()])
})

const who = async () => {
  const response = await fetch(`${through}/who`)
  return { status: response.status, from: ((await response.json()) as { from?: string }).from }
}

describe('a replica drained behind Caddy', () => {
  it('finishes its request in flight with Connection: close while the other replica takes every new one', async () => {
    // Only A is in the name: the held request lands on A.
    const slow = fetch(`${through}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }))
    await a.slowStarted.promise

    // A leaves the rotation, B joins; Caddy asks again once its answer is older than `refresh`,
    // at the next request: keep asking through it until it has.
    const answered = dns.nextAnswer()
    dns.set([b.host])
    let asked = false
    void answered.then(() => {
      asked = true
    })
    const before: Array<{ status: number }> = []
    while (!asked) before.push(await who())
    expect(before.every((answer) => answer.status === 200)).toBe(true)

    // A drains: its listener closes, its idle connections close, its request in flight goes on.
    const closing = a.t.app.close()
    const during = await Promise.all(Array.from({ length: 20 }, () => who()))
    expect(during).toEqual(Array.from({ length: 20 }, () => ({ status: 200, from: b.host })))

    a.releaseSlow.resolve()
    expect(await slow).toEqual({ status: 200, body: { from: a.host } })
    expect(a.slowConnection).toBe('close')
    await closing

    expect(await who()).toEqual({ status: 200, from: b.host })
  })
})
