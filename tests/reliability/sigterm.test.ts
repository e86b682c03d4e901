// SIGTERM during load, on the real server process (`npm start`'s entry, embedded Postgres and S3 in
// a temporary DATA_DIR): requests already in flight finish with 201, including ones whose body
// is still arriving when the signal comes; new connections are refused; the process exits 0;
// and Postgres was stopped cleanly, so the DATA_DIR opens again with every acknowledged row.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { applicationBody } from '../helpers/form-bodies.ts'
import { sleep } from '../helpers/latency.ts'
import { fillBuckets, startSite } from '../helpers/start-process.ts'

let dataDir: string
let port: number
let server: ChildProcess
let output = () => ''

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-sigterm-'))
  await fillBuckets(dataDir)
  const site = await startSite(dataDir)
  server = site.process
  port = site.port
  output = site.output
}, 120_000)

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

interface Answer {
  status: number
  body: string
  error?: string
}

let nextIp = 1

/**
 * A POST on its own connection with `Expect: 100-continue`: the server's 100 Continue proves it
 * has read the headers, so the request is in flight. Then the whole body is sent, or only half
 * when `rest` is given (the other half follows once `rest` resolves).
 */
function post(key: string, n: number, rest?: Promise<void>) {
  const payload = Buffer.from(JSON.stringify(applicationBody(n)))
  let started = () => {}
  const inFlight = new Promise<void>((resolve) => {
    started = resolve
  })
  const answer = new Promise<Answer>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/applications',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'idempotency-key': key,
          expect: '100-continue',
          // Each submission from its own client, as behind a proxy (TRUST_PROXY): the per-IP
          // submission limit stays as it is in production.
          'x-forwarded-for': `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
        },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: '', error: error.code }))
    request.on('continue', () => {
      const half = Math.floor(payload.length / 2)
      if (rest) {
        request.write(payload.subarray(0, half), () => started())
        void rest.then(() => request.end(payload.subarray(half)))
      } else {
        request.end(payload, () => started())
      }
    })
    request.flushHeaders()
  })
  return { answer, inFlight }
}

/** Resolves with the time a new connection was first refused. */
async function waitUntilRefused(since: number): Promise<{ ms: number; aliveThen: boolean }> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
    })
    if (refused) return { ms: performance.now() - since, aliveThen: server.exitCode === null }
    if (performance.now() - since > 10_000)
      throw new Error('new connections were still accepted 10 s after SIGTERM')
    await sleep(10)
  }
}

describe('SIGTERM during load', () => {
  it('finishes in-flight requests, refuses new connections, exits 0 and stops the embedded Postgres cleanly', async () => {
    // Requests fully sent before the signal, and requests with half a body sent.
    const full = Array.from({ length: 60 }, (_, n) => {
      const key = randomUUID()
      return { key, ...post(key, n) }
    })
    let release = () => {}
    const releasing = new Promise<void>((resolve) => {
      release = resolve
    })
    const partial = Array.from({ length: 20 }, (_, i) => {
      const key = randomUUID()
      return { key, ...post(key, 100 + i, releasing) }
    })
    await Promise.all([...full, ...partial].map((r) => r.inFlight))

    const signalled = performance.now()
    server.kill('SIGTERM')
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    const refused = await waitUntilRefused(signalled)
    release()
    const code = await exited
    const exitMs = performance.now() - signalled

    const answers = await Promise.all([...full, ...partial].map((r) => r.answer))
    const statuses = answers.map((a) => a.status || a.error)
    expect(
      statuses.filter((s) => s !== 201),
      output(),
    ).toEqual([])
    expect(code, output()).toBe(0)
    expect(refused.aliveThen, 'connections refused while still draining').toBe(true)
    expect(output()).toContain('shutdown complete')
    // The embedded services' process stopped too, after the server had drained.
    expect(output()).toContain('embedded Postgres stopped')
    // The embedded Postgres released its claim on a clean stop, and starts again with every row.
    expect(existsSync(join(dataDir, 'pg.json'))).toBe(false)
    const reopened = await startEmbeddedPostgres(dataDir)
    const client = new pg.Client({ connectionString: reopened.url })
    try {
      await client.connect()
      const { rows } = await client.query<{ idempotency_key: string | null }>(
        'SELECT idempotency_key FROM retailer_applications',
      )
      expect(rows.length).toBe(full.length + partial.length)
      const keys = new Set(rows.map((r) => r.idempotency_key))
      for (const r of partial) expect(keys.has(r.key)).toBe(true)
    } finally {
      await client.end()
      await reopened.close()
    }
    console.log(
      `SIGTERM: ${answers.length} in-flight requests (${partial.length} still sending their body) → all 201; ` +
        `new connections refused ${refused.ms.toFixed(0)} ms after the signal, while draining; ` +
        `exit code ${code} after ${exitMs.toFixed(0)} ms; embedded Postgres reopened with ${full.length + partial.length} rows`,
    )
  }, 60_000)
})
