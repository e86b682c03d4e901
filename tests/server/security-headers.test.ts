import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { contentSecurityPolicy } from '../../server/http/security-headers.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { observatoryScore } from '../helpers/observatory.ts'

let t: TestApp
beforeAll(async () => {
  // Production pages from the build `npm test` makes first; the site is declared as HTTPS.
  t = await createTestApp({
    env: { SITE_URL: 'https://rm5.example' },
    pages: { mode: 'production', root: currentBuildRoot() },
  })
})
afterAll(async () => {
  await t?.close()
})

describe('security headers', () => {
  it.each(['/', '/technology', '/docket', '/no-such-page', '/healthz', '/api/nope', '/%', '/tech%zzology'])(
    '%s carries the full set',
    async (url) => {
      const res = await t.app.inject({
        method: url.startsWith('/api') ? 'POST' : 'GET',
        url,
        payload: url.startsWith('/api') ? {} : undefined,
      })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'none'")
      expect(csp).toMatch(/script-src 'self'(;|$)/)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive)
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(res.headers['strict-transport-security']).toMatch(/max-age=(\d{8,})/)
      expect(
        Number(/max-age=(\d+)/.exec(String(res.headers['strict-transport-security']))?.[1]),
      ).toBeGreaterThanOrEqual(31_536_000)
    },
  )

  it('an address Fastify cannot route is refused in the error shape, naming its request', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/%' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      error: {
        code: 'bad_url',
        message: 'This address is not valid: a % in it must be followed by two hexadecimal digits.',
        requestId: bad.headers['x-request-id'],
      },
    })
    expect(bad.headers['x-request-id']).toMatch(/\S{8,}/)
  })

  it('scores at least 100 on the Mozilla Observatory scale for the home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    const { score, lines } = observatoryScore(res.headers, res.body)
    expect(lines.filter((l) => l.modifier < 0)).toEqual([])
    expect(score).toBeGreaterThanOrEqual(100)
  })

  it('the scorer itself punishes weak headers', () => {
    expect(observatoryScore({}).score).toBeLessThan(50)
    expect(
      observatoryScore({ 'content-security-policy': "script-src 'self' 'unsafe-inline'" }).lines[0]?.modifier,
    ).toBe(-20)
  })

  it('has no HSTS for a plain-HTTP site', () => {
    const env = parseEnv({ SITE_URL: 'http://127.0.0.1:3000' })
    expect(contentSecurityPolicy(env)).not.toContain('http://127.0.0.1')
  })

  it('allows an external media origin only where media loads', () => {
    const env = parseEnv({
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media',
      VIDEO_BASE_URL: 'https://stream.example.com',
    })
    const csp = contentSecurityPolicy(env)
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/)
    expect(csp).toMatch(/media-src [^;]*https:\/\/stream\.example\.com/)
    expect(csp).toMatch(/script-src 'self';/)
  })
})
