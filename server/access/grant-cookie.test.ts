import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  clearGrantSetCookie,
  cookieValues,
  grantSetCookie,
  readSessionId,
  signSession,
} from './grant-cookie.server.ts'

const key = randomBytes(32)
const sessionId = '0b6f3f1e-8c2a-4a4e-9d55-2f7c1d9e6a10'

describe('grant cookie', () => {
  it('names a session, signed for its retailer', () => {
    const value = signSession(key, 'circlek', sessionId)
    expect(value).toMatch(/^s1\.[0-9a-f-]{36}\.[A-Za-z0-9+/]{43}$/)
    expect(readSessionId(key, 'circlek', value)).toBe(sessionId)
  })

  it('verifies with a previous key after a rotation, signs with the current one', () => {
    const previous = randomBytes(32)
    const rotated = [key, previous]
    const fromPrevious = signSession(previous, 'circlek', sessionId)
    expect(readSessionId(rotated, 'circlek', fromPrevious)).toBe(sessionId)
    const fromRotated = signSession(rotated, 'circlek', sessionId)
    expect(fromRotated).toBe(signSession(key, 'circlek', sessionId))
    expect(readSessionId(previous, 'circlek', fromRotated)).toBeNull()
    expect(readSessionId(key, 'circlek', fromPrevious)).toBeNull()
  })

  it('refuses another retailer, a foreign key, a changed id or signature, and the old stateless grants', () => {
    const value = signSession(key, 'circlek', sessionId)
    expect(readSessionId(key, 'pizzahut', value)).toBeNull()
    const [, , sig] = value.split('.') as [string, string, string]
    const refused = [
      signSession(randomBytes(32), 'circlek', sessionId),
      `s1.${sessionId.replace(/^0/, '1')}.${sig}`,
      `s1.${sessionId}.${sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `s1.${sessionId.toUpperCase()}.${sig}`,
      `s1.${sessionId}`,
      // A v2 grant (code id, time, signature): the cookie alone opened the docket before sessions.
      `v2.${sessionId}.1780000000.${sig}`,
      '',
      'granted',
    ]
    for (const bad of refused) expect(readSessionId(key, 'circlek', bad), bad).toBeNull()
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
