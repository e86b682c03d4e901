import { describe, expect, it } from 'vitest'
import { storedLine } from './stored-text.ts'

describe('storedLine', () => {
  const name = storedLine(60)

  it('drops terminal escapes, bidirectional overrides and other control characters', () => {
    expect(name.parse('Dana\u001b[2J\u001b]0;owned\u0007 \u202eops\u200b')).toBe('Dana[2J]0;owned ops')
  })

  it('keeps what a person writes, emoji sequences included', () => {
    expect(name.parse('  Zoë 👩‍💻  Ops ')).toBe('Zoë 👩‍💻 Ops')
  })

  it('counts the length once cleaned, and refuses what is empty then', () => {
    expect(name.safeParse('\u001b\u0007').success).toBe(false)
    expect(name.safeParse(`${'a'.repeat(60)}\u001b`).success).toBe(true)
    expect(name.safeParse('a'.repeat(61)).success).toBe(false)
  })
})
