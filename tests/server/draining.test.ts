// A drain (app.close(), as server/main.server.ts does on SIGTERM) over a real keep-alive socket: the
// request in flight completes normally, and a request pipelined on the same connection after the
// close began gets our 503 (error shape, Retry-After, Connection: close) instead of Fastify's own.
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { deferred } from '../helpers/deferred.ts'
import { apiError } from '../helpers/promised.ts'
import { parseResponse, type RawResponse } from '../helpers/raw-http.ts'

const slowStarted = deferred()
const releaseSlow = deferred()
const drainBegan = deferred()

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({
    routes(app) {
      // Held open until the test releases it: the in-flight request of the drain.
      app.get('/slow', async () => {
        slowStarted.resolve()
        await releaseSlow.promise
        return { slow: 'done' }
      })
      // Added after the app's own preClose hook, so it runs once the app already drains.
      app.addHook('preClose', (done) => {
        drainBegan.resolve()
        done()
      })
    },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
})

/** Splits what a keep-alive socket received into its responses (all with Content-Length). */
function splitResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = []
  let rest = raw
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n')
    if (end === -1) break
    const head = parseResponse(rest.slice(0, end + 4), 0)
    const length = Number(head.headers['content-length']?.[0] ?? 0)
    const total = end + 4 + length
    responses.push(parseResponse(rest.slice(0, total), 0))
    rest = rest.slice(total)
  }
  return responses
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`

describe('draining', () => {
  it('finishes the request in flight and answers a pipelined one with our 503', async () => {
    const socket = net.connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk) => received.push(Buffer.from(chunk)))
    const ended = new Promise<void>((resolve) => {
      socket.on('close', () => resolve())
      socket.on('error', () => resolve())
    })
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))

    // HTTP/1.1 keeps the connection alive by default.
    socket.write(get('/slow'))
    await slowStarted.promise
    const closing = t.app.close()
    await drainBegan.promise
    // The listener is closing now, but this connection is busy, so it stays open for more.
    // The readiness probe tells a balancer to stop sending traffic: during a drain it is 503 too.
    const readyzArrived = new Promise<void>((resolve) =>
      t.app.server.on('request', (request) => request.url === '/readyz' && resolve()),
    )
    socket.write(get('/readyz'))
    // The server has read the second request before the first one finishes.
    await readyzArrived
    releaseSlow.resolve()
    await ended
    await closing

    const [first, second, ...more] = splitResponses(Buffer.concat(received).toString('latin1'))
    expect(more).toEqual([])
    expect(first?.status).toBe(200)
    expect(JSON.parse(first?.body ?? '')).toEqual({ slow: 'done' })

    expect(second?.status).toBe(503)
    expect(second?.headers.connection).toEqual(['close'])
    expect(second?.headers['retry-after']).toEqual(['5'])
    expect(second?.headers['cache-control']).toEqual(['no-store'])
    expect(second?.headers['content-type']?.[0]).toMatch(/^application\/json/)
    expect(JSON.parse(second?.body ?? '')).toEqual(
      apiError('shutting_down', 'The server is restarting. Please try again in a moment.'),
    )
  })
})
