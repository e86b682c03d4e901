// Plain-text tables for the codes CLI: fixed columns, two spaces apart, no trailing blanks.
import { utcMinute } from '../../../lib/utc-day.ts'

export interface Column<Row> {
  header: string
  value(row: Row): string
}

export function table<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row).replace(/\s+/g, ' ')))
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i]?.length ?? 0)),
  )
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(columns.map((column) => column.header)), ...cells.map(line)].join('\n')
}

/** UTC, minute precision: the same on every admin's machine. */
export const utc = (date: Date | null | undefined, none = '-') => (date ? `${utcMinute(date)}Z` : none)

export interface Listing<Row> {
  json: boolean
  /** What --json prints (the rows themselves by default). */
  asJson?: (rows: Row[]) => unknown
  /** The line for no rows. */
  empty: string
  columns: Column<Row>[]
}

/**
 * A list command's output: one line of JSON with --json, the `empty` line for no rows, else the
 * table. True when it printed the table, for what a command adds under it.
 */
export function printListing<Row>(
  print: (line: string) => void,
  rows: Row[],
  listing: Listing<Row>,
): boolean {
  if (listing.json) {
    print(JSON.stringify(listing.asJson ? listing.asJson(rows) : rows))
    return false
  }
  if (rows.length === 0) {
    print(listing.empty)
    return false
  }
  print(table(listing.columns, rows))
  return true
}
