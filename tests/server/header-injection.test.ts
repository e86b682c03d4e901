// Header injection and open redirects, over raw sockets so no client library tidies the request
// first: CR/LF in paths, queries and form fields never becomes a response header, every
// redirect stays on this site, and a forged Host header is never echoed.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSameSiteLocation, siteOrigins } from '../../server/http/redirects.server.ts'
import { limitPrefix, seedCode, verifyForm } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { type RawResponse, rawGet, rawRequest } from '../helpers/raw-http.ts'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({
    pages: { mode: 'production', root: currentBuildRoot() },
    access: { rateLimitPrefix: limitPrefix() },
  })
  await seedCode(t.db, 'circlek', 'circle-k-injection-1')
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
})

// An injected header would show up as its own header line; reflected text stays percent-encoded.
function expectNothingInjected(res: RawResponse, what: string) {
  expect(res.status, what).toBeGreaterThan(0)
  expect(res.status, what).toBeLessThan(500)
  expect(res.headers['x-injected'], what).toBeUndefined()
  for (const cookie of res.headers['set-cookie'] ?? []) expect(cookie, what).not.toMatch(/evil/i)
  const head = res.raw.slice(0, res.raw.indexOf('\r\n\r\n'))
  // Each header line is "Name: value"; a line break inside a value would start a line without one.
  for (const line of head.split('\r\n').slice(1)) expect(line, what).toMatch(/^[A-Za-z0-9-]+: /)
  for (const location of res.headers.location ?? []) {
    expect(isSameSiteLocation(location, siteOrigins(t.env)), `${what} → ${location}`).toBe(true)
  }
}

describe('paths and queries', () => {
  const paths = [
    '/docket%0d%0aSet-Cookie:%20evil=1/',
    '/x%0d%0aX-Injected:%201/',
    '/x%0aX-Injected:%201',
    '/x%0d%0a%0d%0a<html>evil=1</html>/',
    '/circlek?error=%0d%0aX-Injected:%201&retry=%0d%0aSet-Cookie:%20evil=1',
    '/docket?next=%0d%0aX-Injected:%201',
    '/media/360/a%0d%0aSet-Cookie:%20evil=1',
    '/media/360%0d%0aX-Injected:%201/a.jpg',
    '/media/360/rm5_1.jpg?%0d%0aX-Injected:%201',
    '/api/x%0d%0aX-Injected:%201',
    '/%E5%98%8A%E5%98%8DX-Injected:%201/', // UTF-8 "嘊嘍": Node once truncated these to CR LF
  ]
  for (const path of paths) {
    it(`GET ${path}`, async () => {
      expectNothingInjected(await rawRequest(port, rawGet(path)), path)
    })
  }
})

describe('open redirects', () => {
  // Vike redirects /foo/ to /foo, copying the path: each of these would point off-site if passed on.
  const paths = [
    '/\\evil.example/',
    '/\\\\evil.example/',
    '//evil.example/',
    '///evil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example/',
    '/%2F%2Fevil.example/',
    '/%2F/evil.example/',
    '/.\\/evil.example/',
    '/%09/evil.example/',
    '/docket/',
  ]
  for (const path of paths) {
    it(`GET ${path} redirects on-site or not at all`, async () => {
      const res = await rawRequest(port, rawGet(path))
      expectNothingInjected(res, path)
      if (res.status === 400) expect(JSON.parse(res.body).error.code).toBe('bad_request')
    })
  }

  it('sends no-JS gate form posts back to fixed on-site addresses whatever they carry', async () => {
    for (const fields of [
      { retailer: 'circlek', accessCode: 'wrong\r\nX-Injected: 1' },
      { retailer: 'circlek', accessCode: '' },
      { retailer: 'circlek\r\nX-Injected: 1', accessCode: 'x' },
      { retailer: '//evil.example', accessCode: 'x' },
      { retailer: 'circlek', accessCode: 'circle-k-injection-1' },
    ]) {
      const res = await verifyForm(t.app, fields, { remoteAddress: '192.0.2.50' })
      const location = res.headers.location as string | undefined
      if (location !== undefined) {
        expect(location).toMatch(
          /^\/(docket|circlek\?error=(invalid|empty|rate_limited|error)(&retry=\d+)?)$/,
        )
      }
      expect(res.headers['x-injected']).toBeUndefined()
    }
  })
})

describe('reflected markup', () => {
  it('escapes a path full of markup wherever a page or redirect repeats it', async () => {
    for (const path of [
      '/<svg/onload=alert(1)>',
      '/<svg/onload=alert(1)>/',
      '/"><img/src/onerror=alert(1)>/',
    ]) {
      const res = await rawRequest(port, rawGet(path))
      expectNothingInjected(res, path)
      expect(res.body, path).not.toMatch(/<svg\/onload|<img\/src/)
    }
  })
})

describe('forged Host headers', () => {
  it('never echoes a Host or X-Forwarded-Host into redirects or pages', async () => {
    for (const path of ['/docket', '/no-such-page', '/company/', '/circlek?error=invalid']) {
      const res = await rawRequest(
        port,
        rawGet(path, {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        }),
      )
      expect(res.status, path).toBeLessThan(500)
      expect(res.raw, path).not.toContain('evil.example')
    }
  })
})
