import { describe, expect, it } from 'vitest'
import { asGeneratedCode, codeForms } from './code-forms.server.ts'

const PRINTED = '7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NE'

describe('codeForms', () => {
  it('checks a code as typed, minus surrounding whitespace, and nothing else when it is as printed', () => {
    expect(codeForms(`  ${PRINTED}\n`)).toEqual([PRINTED])
    expect(codeForms('circle-k-2026-alpha')).toEqual(['circle-k-2026-alpha'])
  })

  it('also checks a generated code written another way as printed', () => {
    for (const typed of [
      '7kq4-m2xd-9h3b-tv6r-pz8c-a1ne',
      '7KQ4 M2XD 9H3B TV6R PZ8C A1NE',
      '7KQ4M2XD9H3BTV6RPZ8CA1NE',
      '7kq4\u2013m2xd\u20139h3b\u2013tv6r\u2013pz8c\u2013aine', // en dashes, and i for 1
      '7KQ4-M2XD-9H3B-TV6R-PZ8C-ALNE', // L for 1
    ])
      expect(codeForms(typed), typed).toEqual([typed.trim(), PRINTED])
    expect(asGeneratedCode('0000-oooo-0000-0000-0000-0000')).toBe('0000-0000-0000-0000-0000-0000')
  })

  it('keeps a code that reads as no generated code as typed only (codes an admin sets are case-sensitive)', () => {
    for (const typed of [
      'Circle-K-2026-Alpha', // not 24 symbols
      '7KQ4-M2XD-9H3B-TV6R-PZ8C-A1N', // one short
      '7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NEX', // one over
      '7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NU', // U is not in the alphabet
      '7KQ4_M2XD_9H3B_TV6R_PZ8C_A1NE', // underscores are not separators
    ])
      expect(codeForms(typed), typed).toEqual([typed])
  })
})
