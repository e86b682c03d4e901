import { describe, expect, it } from 'vitest'
import { trustProxySchema } from './trust-proxy.server.ts'

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['', false],
    ['true', true],
    ['uniquelocal', ['uniquelocal']],
    ['127.0.0.1', ['127.0.0.1']],
    ['uniquelocal 203.0.113.0/24, 2001:db8::/32', ['uniquelocal', '203.0.113.0/24', '2001:db8::/32']],
    ['  Loopback  ', ['loopback']],
  ])('reads %j', (raw, expected) => {
    expect(trustProxySchema.parse(raw)).toEqual(expected)
  })

  it('refuses a hop count with advice, rather than trusting nobody or everybody', () => {
    for (const raw of ['1', '2']) {
      const result = trustProxySchema.safeParse(raw)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/hop counts are not supported.*uniquelocal/)
    }
  })

  it.each(['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '::1/129', '1.2.3'])('refuses %j', (raw) => {
    const result = trustProxySchema.safeParse(raw)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain(raw)
  })
})
