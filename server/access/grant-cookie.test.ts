import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { GRANT_MAX_AGE_MS } from '../../lib/access.ts'
import {
  clearGrantSetCookie,
  cookieValues,
  grantSetCookie,
  readGrant,
  signGrant,
} from './grant-cookie.server.ts'

const key = randomBytes(32)
const codeId = '0b6f3f1e-8c2a-4a4e-9d55-2f7c1d9e6a10'
const issuedAt = new Date('2026-05-01T10:00:00Z')
const at = (ms: number) => new Date(issuedAt.getTime() + ms)

describe('grant cookie', () => {
  it('round-trips a code grant and a walmart grant', () => {
    const value = signGrant(key, { retailer: 'circlek', codeId, issuedAt })
    expect(value).toMatch(/^v2\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9+/]{43}$/)
    expect(readGrant(key, 'circlek', value, at(1000))).toEqual({
      retailer: 'circlek',
      codeId,
      issuedAt,
      email: null,
    })
    const walmart = signGrant(key, { retailer: 'walmart', codeId: null, issuedAt })
    expect(walmart.startsWith('v2.none.')).toBe(true)
    expect(readGrant(key, 'walmart', walmart, at(1000))?.codeId).toBeNull()
  })

  it('is signed by the first of several keys and accepted under any of them', () => {
    const previous = randomBytes(32)
    const rotated = [key, previous] as const
    const fromPrevious = signGrant(previous, { retailer: 'circlek', codeId, issuedAt })
    expect(readGrant(rotated, 'circlek', fromPrevious, at(1000))?.codeId).toBe(codeId)
    const fromRotated = signGrant(rotated, { retailer: 'circlek', codeId, issuedAt })
    expect(fromRotated).toBe(signGrant(key, { retailer: 'circlek', codeId, issuedAt }))
    expect(readGrant(previous, 'circlek', fromRotated, at(1000))).toBeNull()
    expect(readGrant(key, 'circlek', fromPrevious, at(1000))).toBeNull()
  })

  it('is refused once 12 hours old, and when issued in the future', () => {
    const value = signGrant(key, { retailer: 'circlek', codeId, issuedAt })
    expect(readGrant(key, 'circlek', value, at(GRANT_MAX_AGE_MS - 1000))).not.toBeNull()
    expect(readGrant(key, 'circlek', value, at(GRANT_MAX_AGE_MS))).toBeNull()
    expect(readGrant(key, 'circlek', value, at(-10 * 60 * 1000))).toBeNull()
  })

  it('refuses tampering, other keys, other retailers and malformed values', () => {
    const value = signGrant(key, { retailer: 'circlek', codeId, issuedAt })
    const [version, id, time, sig] = value.split('.') as [string, string, string, string]
    const now = at(1000)
    const refused = [
      signGrant(randomBytes(32), { retailer: 'circlek', codeId, issuedAt }), // foreign secret
      [version, id, String(Number(time) + 3600), sig].join('.'), // pushed issue time
      [version, '1b6f3f1e-8c2a-4a4e-9d55-2f7c1d9e6a10', time, sig].join('.'), // other code
      [version, id, time, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`].join('.'), // flipped signature
      [version, id, time].join('.'), // unsigned
      ['v1', id, time, sig].join('.'), // the format before @fastify/cookie signed grants
      'granted', // the spec's old sessionStorage value
      '',
      `${value}.extra`,
      value.toUpperCase(),
      'v1.none.1.x',
    ]
    for (const bad of refused) expect(readGrant(key, 'circlek', bad, now), bad).toBeNull()
    // The signature covers the retailer: a circlek grant is no pizzahut (or walmart) grant.
    expect(readGrant(key, 'pizzahut', value, now)).toBeNull()
    expect(readGrant(key, 'walmart', value, now)).toBeNull()
    // A walmart grant carries no code and cannot be replayed as a code gate's grant.
    const walmart = signGrant(key, { retailer: 'walmart', codeId: null, issuedAt })
    expect(readGrant(key, 'circlek', walmart, now)).toBeNull()
  })

  it('names the viewer of an e-mail grant, and refuses any change to the address', () => {
    const email = 'dana.o+docs@circlek.com'
    const value = signGrant(key, { retailer: 'circlek', codeId, issuedAt, email })
    expect(value).toMatch(/^v3\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9+/]{43}$/)
    expect(readGrant(key, 'circlek', value, at(1000))).toEqual({
      retailer: 'circlek',
      codeId,
      issuedAt,
      email,
    })
    const parts = value.split('.')
    const other = Buffer.from('eve@circlek.com').toString('base64url')
    const refused = [
      [...parts.slice(0, 3), other, parts[4]].join('.'), // another address, same signature
      [...parts.slice(0, 3), parts[4]].join('.').replace(/^v3/, 'v2'), // the address dropped
      [...parts.slice(0, 3), `${parts[3]}=`, parts[4]].join('.'), // a second spelling
      [...parts.slice(0, 3), Buffer.from('no-at-sign').toString('base64url'), parts[4]].join('.'),
    ]
    for (const bad of refused) expect(readGrant(key, 'circlek', bad, at(1000)), bad).toBeNull()
    // walmart takes no code, so nothing names its viewer.
    const walmart = signGrant(key, { retailer: 'walmart', codeId: null, issuedAt, email })
    expect(readGrant(key, 'walmart', walmart, at(1000))).toBeNull()
  })

  it('sets a browser-session, HttpOnly, SameSite=Lax cookie on /, Secure on HTTPS', () => {
    const header = grantSetCookie('circlek', 'v1.x', false)
    expect(header).toBe('circlek-access=v1.x; Path=/; HttpOnly; SameSite=Lax')
    expect(grantSetCookie('circlek', 'v1.x', true)).toBe(
      'circlek-access=v1.x; Path=/; HttpOnly; Secure; SameSite=Lax',
    )
    const cleared = clearGrantSetCookie('circlek', false)
    expect(cleared).toBe(
      'circlek-access=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    )
  })
})

describe('cookieValues', () => {
  it('reads only the named cookies, every copy of each', () => {
    const names = new Set(['circlek-access', 'walmart-access'])
    const found = cookieValues(
      'a=1; circlek-access=v1.a; x; walmart-access=v1.b;circlek-access=v1.c ; =;',
      names,
    )
    expect(Object.fromEntries(found)).toEqual({
      'circlek-access': ['v1.a', 'v1.c'],
      'walmart-access': ['v1.b'],
    })
  })
})
