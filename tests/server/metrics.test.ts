// GET /metrics on the real app: 404 without METRICS_TOKEN or with a wrong token; with it, the
// Prometheus text counts requests by route and status, verify outcomes, rate-limit refusals and
// media cache hits, for requests the test made itself.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { physicalBucket } from '../../lib/buckets.ts'
import { countingHasher, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { sample } from '../helpers/metrics-sample.ts'
import { expectedReleaseVersion } from '../helpers/release-version.ts'

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN },
    access: { rateLimitPrefix: limitPrefix(), hasher: countingHasher() },
  })
})
afterAll(async () => {
  await t?.close()
})

describe('/metrics', () => {
  it('is 404 without METRICS_TOKEN', async () => {
    const plain = await createTestApp()
    try {
      expect((await scrape(plain, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })

  it('names the release and Node.js version in rm5_build_info', async () => {
    const text = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body
    expect(
      sample(text, 'rm5_build_info', { version: expectedReleaseVersion(), node_version: process.version }),
    ).toBe(1)
  })

  it('is 404 without the bearer token or with a wrong one', async () => {
    expect((await scrape(t)).statusCode).toBe(404)
    expect((await scrape(t, `Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(404)
    expect((await scrape(t, METRICS_TOKEN)).statusCode).toBe(404)
  })

  it('counts requests by route and status, with durations', async () => {
    const unmatchedBefore =
      sample((await scrape(t, `Bearer ${METRICS_TOKEN}`)).body, 'rm5_http_requests_total', {
        route: 'unmatched',
        status: '404',
      }) ?? 0
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/livez' })
    await t.app.inject({ url: '/no/such/path/a' })
    await t.app.inject({ url: '/no/such/path/b' })
    const res = await scrape(t, `Bearer ${METRICS_TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['cache-control']).toBe('no-store')
    const text = res.body
    expect(sample(text, 'rm5_http_requests_total', { route: '/livez', status: '200' })).toBe(3)
    // Unknown paths share one label: a scanner cannot mint new series.
    expect(sample(text, 'rm5_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      unmatchedBefore + 2,
    )
    expect(text).not.toContain('/no/such/path')
    expect(sample(text, 'rm5_http_request_duration_seconds_count', { route: '/livez' })).toBe(3)
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
  })

  it('counts verify outcomes and rate-limit refusals', async () => {
    await seedCode(t.db, 'circlek', 'metrics-test-code-7Kq2')
    const from = { remoteAddress: '203.0.113.91' }
    expect(
      (await verify(t.app, { retailer: 'circlek', accessCode: 'metrics-test-code-7Kq2' }, from)).statusCode,
    ).toBe(200)
    for (let i = 0; i < 9; i++) await verify(t.app, { retailer: 'circlek', accessCode: `wrong-${i}` }, from)
    expect((await verify(t.app, { retailer: 'circlek', accessCode: 'wrong' }, from)).statusCode).toBe(429)
    const text = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body
    expect(sample(text, 'rm5_access_verify_total', { retailer: 'circlek', outcome: 'granted' })).toBe(1)
    expect(sample(text, 'rm5_access_verify_total', { retailer: 'circlek', outcome: 'denied' })).toBe(9)
    expect(sample(text, 'rm5_access_verify_total', { retailer: 'circlek', outcome: 'rate_limited' })).toBe(1)
    expect(sample(text, 'rm5_rate_limited_total', { route: '/api/access/verify' })).toBe(1)
  })

  it('counts media served from memory and from storage', async () => {
    const image = Buffer.from('metrics test image bytes')
    await t.storage.client.putObject(physicalBucket('360'), 'metrics/one.jpg', image, image.length)
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: '/media/360/metrics/one.jpg' })).statusCode).toBe(200)
    }
    const text = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body
    expect(sample(text, 'rm5_media_cache_requests_total', { result: 'storage' })).toBe(1)
    expect(sample(text, 'rm5_media_cache_requests_total', { result: 'hit' })).toBe(2)
    expect(sample(text, 'rm5_http_requests_total', { route: '/media/:bucket/*', status: '200' })).toBe(3)
  })
})
