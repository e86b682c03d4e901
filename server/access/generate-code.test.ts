import { describe, expect, it } from 'vitest'
import { CODE_BITS, generateCode } from './generate-code.server.ts'

describe('generateCode', () => {
  it('writes 120 random bits as six groups of four base32 characters', () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(100)
    const code = generateCode()
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/)
    expect(code.replaceAll('-', '')).toHaveLength(CODE_BITS / 5)
  })

  it('encodes every bit (no two inputs share a code)', () => {
    expect(generateCode(Buffer.alloc(15, 0))).toBe('0000-0000-0000-0000-0000-0000')
    expect(generateCode(Buffer.alloc(15, 0xff))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ')
    const one = Buffer.alloc(15, 0)
    one[14] = 1
    expect(generateCode(one)).toBe('0000-0000-0000-0000-0000-0001')
  })

  it('differs every time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateCode()))
    expect(codes.size).toBe(200)
  })
})
