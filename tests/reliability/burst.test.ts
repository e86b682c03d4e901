// 500 valid applications at once (each from its own client, so the per-IP limit stays as in
// production): every one is answered 201 and stored exactly once.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testAppForFile } from '../helpers/app.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { summary } from '../helpers/latency.ts'

const t = testAppForFile({})

// The timeout only stops a hung run (a loaded machine may need minutes for 500 requests at once);
// what is asserted is each answer and each row.
describe('a burst of submissions', () => {
  it('stores exactly 500 rows for 500 concurrent valid applications', async () => {
    const N = 500
    const keys = Array.from({ length: N }, () => randomUUID())
    const started = performance.now()
    const results = await Promise.all(
      keys.map(async (key, n) => {
        const sent = performance.now()
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/applications',
          remoteAddress: randomIp(),
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify(applicationBody(n)),
        })
        return {
          status: res.statusCode,
          id: res.json().id as string,
          ms: performance.now() - sent,
          body: res.body,
        }
      }),
    )
    const totalMs = performance.now() - started
    const failed = results.filter((r) => r.status !== 201)
    expect(failed.map((r) => `${r.status} ${r.body}`)).toEqual([])
    const rows = await t.db.prisma.retailerApplication.findMany({
      select: { id: true, idempotencyKey: true },
    })
    expect(rows.length).toBe(N)
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(results.map((r) => r.id)))
    expect(new Set(rows.map((r) => r.idempotencyKey))).toEqual(new Set(keys))
    console.log(
      `burst: ${N} concurrent applications → ${results.length - failed.length} × 201, ${rows.length} rows ` +
        `in ${totalMs.toFixed(0)} ms (${((N / totalMs) * 1000).toFixed(0)}/s); latency ${summary(results.map((r) => r.ms))}`,
    )
  }, 300_000)
})
