// Reading the CSV exports in tests: csv-parse (RFC 4180, CRLF or LF), and the rule the exports
// promise for text that a spreadsheet would run as a formula (OWASP: a leading apostrophe).
import { parse } from 'csv-parse/sync'

/** Records of raw field strings; the formula apostrophe stays. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true })
}

/** What an export writes for a text cell: =, +, -, @ (or their full-width forms), tab or CR first gets an apostrophe. */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r＝＋－＠]/.test(text) ? `'${text}` : text
}
