// Plain-text tables for the codes CLI: fixed columns, two spaces apart, no trailing blanks.
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
export const utc = (date: Date | null | undefined, none = '-') =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')}Z` : none
