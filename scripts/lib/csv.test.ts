import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRecord, formatCell, neutraliseFormula, parseCsv } from './csv.ts'

describe('formatCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(formatCell('Austin')).toBe('Austin')
    expect(formatCell(42)).toBe('42')
    expect(formatCell(null)).toBe('')
    expect(formatCell(undefined)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(formatCell('a,b')).toBe('"a,b"')
    expect(formatCell('say "hi"')).toBe('"say ""hi"""')
    expect(formatCell('one\ntwo')).toBe('"one\ntwo"')
    expect(formatCell('one\r\ntwo')).toBe('"one\r\ntwo"')
  })

  it('prefixes text starting with a formula trigger with an apostrophe', () => {
    expect(formatCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
    expect(formatCell('+15125550142')).toBe("'+15125550142")
    expect(formatCell('-2+3')).toBe("'-2+3")
    expect(formatCell('@cmd')).toBe("'@cmd")
    expect(formatCell('\tx')).toBe("'\tx")
    expect(formatCell('\rx')).toBe('"\'\rx"')
    expect(formatCell('=HYPERLINK("http://x?"&A1,"y")')).toBe('"\'=HYPERLINK(""http://x?""&A1,""y"")"')
    expect(formatCell('a=b')).toBe('a=b')
  })
})

describe('csvRecord and parseCsv', () => {
  it('ends records with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b c'])).toBe('a,1,,b c\r\n')
  })

  it('parses quoted fields, doubled quotes, embedded line breaks and a final line without CRLF', () => {
    expect(parseCsv('a,"b,c","d ""e"""\r\n"x\r\ny",,z\r\nlast,line')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['x\r\ny', '', 'z'],
      ['last', 'line'],
    ])
    expect(parseCsv('one\ntwo\n')).toEqual([['one'], ['two']])
    expect(parseCsv('')).toEqual([])
    expect(() => parseCsv('"open')).toThrow(/quoted/)
  })

  it('round-trips any text (formula triggers come back with their apostrophe)', () => {
    const cell = fc.string({ unit: 'binary', maxLength: 20 })
    const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 })
    fc.assert(
      fc.property(rows, (records) => {
        const text = records.map((r) => csvRecord(r)).join('')
        expect(parseCsv(text)).toEqual(records.map((r) => r.map(neutraliseFormula)))
      }),
      { numRuns: 500 },
    )
  })
})
