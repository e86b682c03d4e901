// 500 valid applications at once (each from its own client, so the per-IP limit stays as in
// production): every one is stored exactly once, under the id its 201 gave; what the app sheds
// under load with a retryable 503 is sent again with the same Idempotency-Key, as a client does.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testAppForFile } from '../helpers/app.ts'
import { applicationBody, randomIp } from '../helpers/form-bodies.ts'
import { summary } from '../helpers/latency.ts'
import { shed } from '../helpers/shed-retry.ts'

const t = testAppForFile({})

// The timeout only stops a hung run (a loaded machine may need minutes for 500 requests at once);
// what is asserted is each answer and each row.
describe('a burst of submissions', () => {
  it('stores exactly 500 rows for 500 concurrent valid applications', async () => {
    const N = 500
    const keys = Array.from({ length: N }, () => randomUUID())
    const post = (key: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications',
        remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify(applicationBody(n)),
      })
    // A running site's pool holds open connections; a cold one would spend the burst connecting.
    await Promise.all(Array.from({ length: 10 }, () => t.db.prisma.$queryRaw`SELECT 1`))
    const started = performance.now()
    const burst = await Promise.all(
      keys.map(async (key, n) => {
        const sent = performance.now()
        const res = await post(key, n)
        return { key, n, res, ms: performance.now() - sent }
      }),
    )
    const burstStored = burst.filter((r) => r.res.statusCode === 201).length
    // What the app shed with a retryable 503 (a loaded machine's pool cannot take all in time), the
    // clients send again with the same key, one after another; how much it sheds is the bench's.
    const shedCount = burst.filter((r) => shed(r.res)).length
    for (const r of burst) while (shed(r.res)) r.res = await post(r.key, r.n)
    const results = burst.map((r) => ({
      status: r.res.statusCode,
      id: r.res.json().id as string,
      ms: r.ms,
      body: r.res.body,
    }))
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
        `in ${totalMs.toFixed(0)} ms (${((N / totalMs) * 1000).toFixed(0)}/s), ${burstStored} stored by the burst itself, ${shedCount} shed with 503 and sent again; latency ${summary(results.map((r) => r.ms))}`,
    )
  }, 300_000)
})
