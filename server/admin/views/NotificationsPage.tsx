import { may } from '../../../lib/admin/roles.ts'
import type { NotificationRow } from '../../notifications/admin.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { utcTime } from './format.ts'
import { Notice } from './Notice.tsx'

const STATES = ['pending', 'delivered', 'failed'] as const
const BADGE = { pending: 'badge--warn', delivered: 'badge--ok', failed: 'badge--bad' } as const

export function NotificationsPage({
  user,
  rows,
  state,
  retried,
  channels,
}: {
  user: ConsoleUser
  /** The channels this server delivers by; none: nothing is queued. */
  channels: readonly string[]
  rows: (NotificationRow & { state: (typeof STATES)[number] })[]
  state?: (typeof STATES)[number]
  retried?: number
}) {
  const canEdit = may(user.role, 'edit')
  return (
    <ConsolePage
      user={user}
      current="/admin/notifications"
      title="Notifications"
      lead="The outbox: webhook and e-mail notifications, with their delivery state."
    >
      {retried !== undefined ? (
        <Notice kind="ok" title={`Queued ${retried} notification${retried === 1 ? '' : 's'} again`}>
          The running server delivers them within a few seconds.
        </Notice>
      ) : null}
      {channels.length === 0 ? (
        <section className="panel" aria-labelledby="channels-title">
          <h2 id="channels-title">No channel is set up</h2>
          <p className="muted">
            Nothing is queued until one is: a webhook (<code>NOTIFY_WEBHOOK_URL</code> with{' '}
            <code>NOTIFY_WEBHOOK_SECRET</code>) or e-mail (<code>SMTP_URL</code>,{' '}
            <code>NOTIFY_EMAIL_FROM</code> and <code>NOTIFY_EMAIL_TO</code>); docs/operations.md,
            “Notifications”.
          </p>
        </section>
      ) : null}
      <nav className="actions panel" aria-label="Filter by state">
        <a
          className="button button--sm button--ghost"
          href="/admin/notifications"
          aria-current={state ? undefined : 'page'}
        >
          All
        </a>
        {STATES.map((name) => (
          <a
            key={name}
            className="button button--sm button--ghost"
            href={`/admin/notifications?state=${name}`}
            aria-current={state === name ? 'page' : undefined}
          >
            {name[0]?.toUpperCase()}
            {name.slice(1)}
          </a>
        ))}
      </nav>
      <section className="panel" aria-labelledby="outbox-title">
        <h2 id="outbox-title">
          {state ? `${state[0]?.toUpperCase()}${state.slice(1)}` : 'Newest'} notifications
        </h2>
        {rows.length === 0 ? (
          <p className="muted">No notifications.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Written', cell: (row) => utcTime(row.createdAt) },
              { header: 'Event', cell: (row) => row.event },
              { header: 'Channel', cell: (row) => row.channel },
              {
                header: 'State',
                cell: (row) => <span className={`badge ${BADGE[row.state]}`}>{row.state}</span>,
              },
              { header: 'Attempts', cell: (row) => row.attempts, num: true },
              { header: 'Last error', cell: (row) => row.lastError ?? '—' },
              canEdit && {
                header: 'Action',
                cell: (row) =>
                  row.state === 'failed' ? (
                    <RowAction
                      action={`/admin/notifications/${row.id}/retry`}
                      csrf={user.csrf}
                      label="Retry"
                      detail={`${row.event} of ${utcTime(row.createdAt)}`}
                    />
                  ) : null,
              },
            ]}
          />
        )}
      </section>
    </ConsolePage>
  )
}
