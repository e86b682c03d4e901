// The pool's promise (DESIGN: a request answers 503 within 2 s when Postgres is unreachable),
// against a real black hole: a TCP proxy in front of the machine's Postgres that accepts and
// never answers. The hard case is a request that arrives just after a doomed connect began: the
// first failure does not fail it (it started waiting later), so without a deadline it would wait
// for a second full connect timeout (~3 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy'
import { CONNECT_TIMEOUT_MS, FailFastPool, UNREACHABLE_DEADLINE_MS } from './fail-fast-pool.server'

let proxy: TcpProxy
let pool: FailFastPool

beforeAll(async () => {
  proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
  pool = new FailFastPool({
    connectionString: `postgres://postgres@127.0.0.1:${proxy.port}/test`,
    max: 1,
  })
  pool.on('error', () => {})
})

afterAll(async () => {
  await pool?.end().catch(() => {})
  await proxy?.close()
})

/** Milliseconds until the promise settles, and whether it failed. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; failed: boolean }> {
  const start = performance.now()
  const failed = await work.then(
    () => false,
    () => true,
  )
  return { ms: performance.now() - start, failed }
}

describe('FailFastPool against a black-holed Postgres', () => {
  it('connects while Postgres answers', async () => {
    const client = await pool.connect()
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    client.release()
  })

  it('fails a request that arrived after a doomed connect began at its deadline, not after two timeouts', async () => {
    await pool.end()
    pool = new FailFastPool({ connectionString: `postgres://postgres@127.0.0.1:${proxy.port}/test`, max: 1 })
    pool.on('error', () => {})
    await proxy.cut('blackhole')
    const first = timed(pool.connect())
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = timed(pool.connect())
    const [a, b] = await Promise.all([first, second])
    expect(a.failed).toBe(true)
    expect(b.failed).toBe(true)
    expect(a.ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50)
    expect(a.ms).toBeLessThan(2000)
    // The second saw the first attempt fail during its wait: it stops at its deadline.
    expect(b.ms).toBeGreaterThanOrEqual(UNREACHABLE_DEADLINE_MS - 50)
    expect(b.ms).toBeLessThan(2000)
    await proxy.restore()
  })
})
