import type { AuditRow } from '../../audit/audit.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable } from './DataTable.tsx'
import { FilterForm } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { TextField } from './TextField.tsx'

export interface AuditFilterValues {
  actor?: string
  action?: string
  since?: string
}

const details = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
        .join('; ')
    : ''

export function AuditPage({
  user,
  rows,
  targets,
  filter,
}: {
  user: ConsoleUser
  rows: AuditRow[]
  /** An entry's target in words (auditTargetNames), by entry id; absent: the target as stored. */
  targets: ReadonlyMap<string, string>
  filter: AuditFilterValues
}) {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][])
  return (
    <ConsolePage
      user={user}
      current="/admin/audit"
      title="Audit log"
      lead="Every change, from the console or the CLI: who, what, when, from which client."
      actions={
        <a className="button button--ghost" href={`/admin/audit.csv${query.size ? `?${query}` : ''}`}>
          Download CSV
        </a>
      }
    >
      <FilterForm action="/admin/audit" submit="Filter" panel label="Filter the audit log">
        <TextField
          id="audit-actor"
          name="actor"
          label="Who"
          defaultValue={filter.actor}
          placeholder="ops@example.com or cli@"
        />
        <TextField
          id="audit-action"
          name="action"
          label="What"
          defaultValue={filter.action}
          placeholder="code, code.revoke, admin…"
        />
        <TextField id="audit-since" name="since" label="Since" type="date" defaultValue={filter.since} />
      </FilterForm>
      <section className="panel" aria-labelledby="audit-title">
        <h2 id="audit-title">
          {rows.length} entr{rows.length === 1 ? 'y' : 'ies'}
          {rows.length === 200 ? ' (the newest 200)' : ''}
        </h2>
        {rows.length === 0 ? (
          <p className="muted">Nothing recorded{query.size ? ' for this filter' : ' yet'}.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'When', cell: (row) => utcTime(row.at), nowrap: true },
              { header: 'Who', cell: (row) => row.actor },
              { header: 'What', cell: (row) => <code>{row.action}</code> },
              { header: 'On', cell: (row) => targets.get(row.id) ?? row.target ?? '—' },
              { header: 'Details', cell: (row) => details(row.details) },
              { header: 'Client', cell: (row) => (row.clientHash ? row.clientHash.slice(0, 12) : '—') },
            ]}
          />
        )}
      </section>
    </ConsolePage>
  )
}
