// The pool's promise (a request answers 503 within 2 s when Postgres is unreachable), against a
// real black hole: a TCP proxy in front of the machine's Postgres that accepts and never answers.
// The hard case is a request that arrives while a doomed connect is under way and the pool is
// full: it must not wait for that connect and then one of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy.ts'
import { CONNECT_TIMEOUT_MS, createPool } from './database.server.ts'

let proxy: TcpProxy
beforeAll(async () => {
  proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
})
afterAll(async () => {
  await proxy?.close()
})

/** Milliseconds until the promise settles, and whether it failed. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; failed: boolean }> {
  const start = performance.now()
  const failed = await work.then(
    (client) => {
      ;(client as { release(): void }).release()
      return false
    },
    () => true,
  )
  return { ms: performance.now() - start, failed }
}

describe('the pool against a black-holed Postgres', () => {
  it('connects while Postgres answers, and fails every waiter within its own connect timeout when it does not', async () => {
    const pool = createPool(`postgres://postgres@127.0.0.1:${proxy.port}/test`, { max: 1 })
    pool.on('error', () => {})
    try {
      const client = await pool.connect()
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
      client.release(true)

      await proxy.cut('blackhole')
      const first = timed(pool.connect())
      // The second arrives once the first connect is under way (the pool is full: it queues).
      await new Promise<void>((resolve) => setImmediate(resolve))
      const second = timed(pool.connect())
      const [a, b] = await Promise.all([first, second])
      expect(a.failed).toBe(true)
      expect(b.failed).toBe(true)
      expect(a.ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50)
      expect(a.ms).toBeLessThan(2000)
      expect(b.ms).toBeLessThan(2000)
    } finally {
      await proxy.restore()
      await pool.end().catch(() => {})
    }
  })
})
