// Transport limits over real sockets: a client trickling its headers or body, or connecting and
// sending nothing, is cut by the server's own timeout (a 408 while the client still had more to
// send, long before the client would give up); oversized headers get 431 and oversized bodies
// 413. Meanwhile everyone else is served as usual. How soon the cut comes is the bench's to
// measure; here it is a condition: the timeout fired.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { sleep, summary } from '../helpers/latency.ts'
import { TRANSPORT } from '../helpers/promised.ts'
import { rawGet, rawRequest } from '../helpers/raw-http.ts'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
})

const timeoutBody = { error: { code: 'request_timeout', message: 'The request took too long to arrive.' } }

// Each case waits for a timeout, so they run side by side.
describe.concurrent('slow clients', () => {
  it('cuts a client trickling its headers (slowloris) with 408, while others are served', async () => {
    const trickle = 'Host: 127.0.0.1\r\nUser-Agent: slowloris\r\nX-Padding: '.padEnd(400, 'a').split('')
    const slow = Array.from({ length: 100 }, () =>
      rawRequest(port, '', { chunks: ['GET / HTTP/1.1\r\n', ...trickle], gapMs: 200, timeoutMs: 30_000 }),
    )
    // Everyone else keeps getting answers while 100 sockets trickle.
    const healthy: number[] = []
    const sampling = (async () => {
      for (let i = 0; i < 20; i++) {
        const res = await rawRequest(port, rawGet('/healthz'))
        expect(res.status).toBe(200)
        healthy.push(res.ms)
        await sleep(250)
      }
    })()
    const results = await Promise.all(slow)
    await sampling
    const cutAfter = results.map((r) => r.ms)
    console.log(
      `slowloris: 100 trickling sockets cut after ${summary(cutAfter)} (headersTimeout ${TRANSPORT.headersTimeoutMs} ms); ` +
        `/healthz meanwhile ${summary(healthy)}`,
    )
    for (const res of results) {
      // Cut by the server (a 408, not our own give-up's status 0) while headers were still coming.
      expect(res.status).toBe(408)
      expect(JSON.parse(res.body)).toEqual(timeoutBody)
      expect(res.sent).toBeLessThan(trickle.length + 1)
    }
    expect(healthy).toHaveLength(20)
  }, 30_000)

  it('cuts a connection that never sends a byte', async () => {
    const res = await rawRequest(port, '', { chunks: [''], timeoutMs: 30_000 })
    console.log(`idle connection cut after ${res.ms.toFixed(0)} ms with ${res.status}`)
    // The server's timeout fired: a 408, where our own give-up would have left status 0.
    expect(res.status).toBe(408)
  }, 30_000)

  it('cuts a client trickling its body with 408 within the request timeout', async () => {
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', message: 'x'.repeat(200) })
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`
    const res = await rawRequest(port, '', {
      chunks: [head, ...body.split('')],
      gapMs: 100,
      timeoutMs: 40_000,
    })
    console.log(
      `body trickle cut after ${res.ms.toFixed(0)} ms with ${res.status} (requestTimeout ${TRANSPORT.requestTimeoutMs} ms)`,
    )
    expect(res.status).toBe(408)
    // Cut while the body was still coming.
    expect(res.sent).toBeLessThan(body.length + 1)
    expect(await t.db.prisma.contactMessage.count({ where: { name: 'Slow' } })).toBe(0)
  }, 40_000)
})

describe('size limits', () => {
  it(`answers 431 to headers over ${TRANSPORT.headerBytes} bytes, one big or many small`, async () => {
    const big = await rawRequest(port, rawGet('/healthz', { 'x-big': 'a'.repeat(TRANSPORT.headerBytes) }))
    expect(big.status).toBe(431)
    expect(JSON.parse(big.body)).toEqual({
      error: { code: 'headers_too_large', message: 'The request headers are too large.' },
    })
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, 'b'.repeat(40)]))
    expect((await rawRequest(port, rawGet('/healthz', many))).status).toBe(431)
    // Just under the limit is fine: big cookies from other apps on the domain must not lock visitors out.
    const under = await rawRequest(
      port,
      rawGet('/healthz', { cookie: `x=${'c'.repeat(TRANSPORT.headerBytes - 1024)}` }),
    )
    expect(under.status).toBe(200)
  })

  it(`answers 413 to a body over ${TRANSPORT.bodyBytes} bytes without reading it`, async () => {
    const size = TRANSPORT.bodyBytes + 1
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${size}\r\nConnection: close\r\n\r\n`
    const res = await rawRequest(port, `${head}${'x'.repeat(size)}`)
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large')
  })

  it('answers 400 in the JSON error shape to malformed HTTP', async () => {
    for (const request of [
      'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ]) {
      const res = await rawRequest(port, request)
      expect(res.status, JSON.stringify(request)).toBe(400)
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'bad_request', message: 'The request is malformed.' },
      })
    }
  })
})
