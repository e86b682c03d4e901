import { may } from '../../../lib/admin/roles.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable } from './DataTable.tsx'
import { FilterForm } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { Notice } from './Notice.tsx'
import { TextField } from './TextField.tsx'

/** The two sets the page shows, as their paths name them. */
export const RECORD_PAGES = [
  { path: 'applications', label: 'Applications', one: 'application' },
  { path: 'messages', label: 'Messages', one: 'message' },
] as const
export type RecordPath = (typeof RECORD_PAGES)[number]['path']

export interface RecordListRow {
  id: string
  createdAt: Date
  name: string
  email: string
  /** A line of what it says: the business type, or the message's start. */
  about: string
}

export interface RecordsFilter {
  email?: string
  since?: string
}

const NAV_PATH = '/admin/applications'

/** Applications or messages: a filter, the newest first, and exports of what the filter finds. */
export function RecordsPage({
  user,
  path,
  rows,
  total,
  filter,
  done,
}: {
  user: ConsoleUser
  path: RecordPath
  rows: readonly RecordListRow[]
  total: number
  filter: RecordsFilter
  done?: string
}) {
  const page = RECORD_PAGES.find((entry) => entry.path === path) ?? RECORD_PAGES[0]
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString()
  const exportHref = (format: 'csv' | 'json') => `/admin/${path}.${format}${query ? `?${query}` : ''}`
  const canEdit = may(user.role, 'edit')
  return (
    <ConsolePage
      user={user}
      current={NAV_PATH}
      title="Applications and messages"
      lead="What was sent with the forms on /apply and /contact, newest first (times UTC)."
    >
      <nav className="tabs" aria-label="Applications and messages">
        <ul>
          {RECORD_PAGES.map((entry) => (
            <li key={entry.path}>
              <a href={`/admin/${entry.path}`} aria-current={entry.path === path ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {done ? <Notice kind="ok" title={done} /> : null}
      <section className="panel" aria-labelledby="records-title">
        <div className="panel-head">
          <h2 id="records-title">{page.label}</h2>
          {canEdit ? (
            <div className="actions">
              <a className="button button--ghost button--sm" href={exportHref('csv')}>
                Export CSV<span className="visually-hidden"> of {page.label.toLowerCase()}</span>
              </a>
              <a className="button button--ghost button--sm" href={exportHref('json')}>
                Export JSON<span className="visually-hidden"> of {page.label.toLowerCase()}</span>
              </a>
            </div>
          ) : null}
        </div>
        <FilterForm action={`/admin/${path}`} submit="Filter">
          <TextField id="filter-email" name="email" label="E-mail" type="email" defaultValue={filter.email} />
          <TextField id="filter-since" name="since" label="Since" type="date" defaultValue={filter.since} />
        </FilterForm>
        {rows.length === 0 ? (
          <p className="muted">
            No {page.label.toLowerCase()}
            {query ? ' match the filter' : ' yet'}.
          </p>
        ) : (
          <>
            <DataTable
              rows={rows}
              rowKey={(row) => row.id}
              caption={page.label}
              columns={[
                { header: 'Received', cell: (row) => utcTime(row.createdAt), nowrap: true },
                {
                  header: path === 'applications' ? 'Company' : 'Name',
                  cell: (row) => <a href={`/admin/${path}/${row.id}`}>{row.name}</a>,
                },
                { header: 'E-mail', cell: (row) => row.email },
                { header: path === 'applications' ? 'Type' : 'Message', cell: (row) => row.about },
              ]}
            />
            <p className="muted small">
              {rows.length < total
                ? `The newest ${rows.length} of ${total}; export for all.`
                : `${total} in all.`}
            </p>
          </>
        )}
      </section>
    </ConsolePage>
  )
}
