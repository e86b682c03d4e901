import type { ReactNode } from 'react'
import { CsrfForm } from './FormParts.tsx'

export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** Right-aligned figures. */
  num?: boolean
  /** Kept on one line (times, sizes) where the table is a table (a phone stacks its rows). */
  nowrap?: boolean
}

/**
 * Every table of the console: column headers with scope, rows keyed. On a phone each row is a
 * stack of its cells, each led by its column's name (`data-label`, drawn by the stylesheet), so
 * nothing scrolls sideways and a row's action stays on screen.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: readonly Row[]
  columns: readonly (Column<Row> | false)[]
  rowKey: (row: Row) => string
  caption?: string
}) {
  const shown = columns.filter((column): column is Column<Row> => column !== false)
  return (
    // Between a phone and a wide screen a wide table may scroll sideways: focusable and named, so a
    // keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
    <section className="table-wrap" tabIndex={0} aria-label={caption ?? 'Table'}>
      <table>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={column.num ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={
                    [column.num && 'num', column.nowrap && 'nowrap'].filter(Boolean).join(' ') || undefined
                  }
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/**
 * A one-button form posting an action on one row (revoke, retry, remove), with the CSRF token.
 * With `confirm`, the button first opens the question and a second button that posts: a
 * disclosure the browser opens by itself, so the step holds without JavaScript too.
 */
export function RowAction({
  action,
  csrf,
  label,
  detail,
  danger,
  confirm,
  fields,
}: {
  action: string
  csrf: string
  label: string
  /** Said to screen readers after the label: which row. */
  detail: string
  danger?: boolean
  confirm?: string
  fields?: Record<string, string>
}) {
  const look = `button button--sm ${danger ? 'button--danger' : 'button--dark'}`
  const form = (buttonLabel: string) => (
    <CsrfForm action={action} csrf={csrf} className="inline-form">
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className={look} type="submit">
        {buttonLabel}
        <span className="visually-hidden"> {detail}</span>
      </button>
    </CsrfForm>
  )
  if (!confirm) return form(label)
  return (
    <details className="confirm-action">
      <summary className={look}>
        {label}
        <span className="visually-hidden"> {detail}</span>
      </summary>
      <div className="confirm-action__panel">
        <p>{confirm}</p>
        {form(`Yes, ${label.charAt(0).toLowerCase()}${label.slice(1)}`)}
      </div>
    </details>
  )
}
