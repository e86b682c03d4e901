import { describe, expect, it } from 'vitest'
import { cleanLine, cleanText } from './text.ts'

describe('cleanLine', () => {
  it('trims and collapses whitespace, line breaks included', () => {
    expect(cleanLine('  Ana \t Núñez\r\n Jr. ')).toBe('Ana Núñez Jr.')
  })

  it('drops control and bidirectional override characters', () => {
    expect(cleanLine('Acme\u0000\u0007 Co\u202E')).toBe('Acme Co')
    expect(cleanLine('\u2066evil\u2069')).toBe('evil')
  })

  it('keeps unicode, including emoji sequences, in composed form', () => {
    expect(cleanLine('Cafe\u0301 👩‍🍳')).toBe('Café 👩‍🍳')
  })

  it('is empty when nothing in it can be seen (zero-width, format characters and spaces)', () => {
    expect(cleanLine('\u200B \u202E\u2060\uFEFF\u00A0')).toBe('')
    expect(cleanLine('\u200B.')).toBe('\u200B.')
  })
})

describe('cleanText', () => {
  it('keeps line breaks, normalised to \\n, and trims the ends', () => {
    expect(cleanText('\n\n First\r\nSecond\rThird  \n\n')).toBe('First\nSecond\nThird')
  })

  it('keeps tabs and blank lines inside, drops other control characters', () => {
    expect(cleanText('a\tb\n\nc\u0000\u001b[31m')).toBe('a\tb\n\nc[31m')
  })

  it('is empty when nothing in it can be seen', () => {
    expect(cleanText('\u200B\u200B\u00A0\n\u3000\u200D')).toBe('')
    expect(cleanText('\u200B\n👍')).toBe('\u200B\n👍')
  })
})
