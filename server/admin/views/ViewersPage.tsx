import { may } from '../../../lib/admin/roles.ts'
import type { LiveSession } from '../../access/viewers.server.ts'
import type { FormRecords, ViewerData } from '../../documents/viewer-data.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { CsrfForm } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { TextField } from './TextField.tsx'

const NAV_PATH = '/admin/viewers'

/** One person as the page shows them: the address searched for and what is held about them. */
export interface Person {
  email: string
  data: ViewerData
  /** What the site's forms hold from the address: not data-room data, kept and deleted elsewhere. */
  records: FormRecords
}

/** What is held, one line per kind that has any (the kinds `rm5 viewers show` prints). */
export function heldLines(data: ViewerData): { label: string; count: number }[] {
  return [
    { label: 'Docket openings', count: data.docketViews },
    { label: 'Document views', count: data.documentViews },
    { label: 'Agreement acceptances', count: data.acceptances.length },
    { label: 'One-time sign-in links', count: data.emailLinks },
    { label: 'Data-room sessions (live or ended)', count: data.sessions },
    { label: 'document.opened notifications', count: data.notifications },
  ].filter((line) => line.count > 0)
}

const viewerName = (session: LiveSession) =>
  session.email ?? session.label ?? (session.codeId ? '(unlabelled code)' : '(open gate)')

/**
 * The Viewers page: search by e-mail, the live sessions (ended one by one or per person), and a
 * person's data with the way to delete it.
 */
export function ViewersPage({
  user,
  search,
  sessions,
  person,
  form,
  done,
}: {
  user: ConsoleUser
  search: string
  sessions: readonly LiveSession[]
  person?: Person
  form?: FormState
  done?: string
}) {
  const canEdit = may(user.role, 'edit')
  return (
    <ConsolePage
      user={user}
      current={NAV_PATH}
      title="Viewers"
      lead="People signed in to the data room, and what is held about them (times UTC)."
      done={done}
    >
      <ErrorSummary form={form} prefix="viewers" />
      <section className="panel" aria-labelledby="search-title">
        <h2 id="search-title">Find a person</h2>
        <form method="get" action={NAV_PATH} className="filters">
          <TextField
            id="viewers-email"
            name="email"
            label="E-mail"
            defaultValue={form?.values.email ?? search}
            error={form?.errors.email}
            hint="A whole address shows what is held about the person; part of one filters the sessions."
            maxLength={254}
          />
          <button className="button button--ghost" type="submit">
            Search
          </button>
        </form>
      </section>
      {person ? <PersonPanel person={person} user={user} canEdit={canEdit} /> : null}
      <section className="panel" aria-labelledby="sessions-title">
        <div className="panel-head">
          <h2 id="sessions-title">Live sessions</h2>
          <p className="muted small">{sessions.length} now</p>
        </div>
        {sessions.length === 0 ? (
          <p className="muted">
            {search ? 'Nobody matching the search is signed in.' : 'Nobody is signed in.'}
          </p>
        ) : (
          <DataTable
            rows={sessions}
            rowKey={(row) => row.id}
            caption="Live sessions"
            columns={[
              { header: 'Partner', cell: (row) => row.partnerName },
              {
                header: 'Viewer',
                cell: (row) =>
                  row.email ? (
                    <a href={`${NAV_PATH}?${new URLSearchParams({ email: row.email })}`}>{row.email}</a>
                  ) : (
                    viewerName(row)
                  ),
              },
              { header: 'Since', cell: (row) => utcTime(row.startedAt), nowrap: true },
              { header: 'Until', cell: (row) => utcTime(row.expiresAt), nowrap: true },
              canEdit && {
                header: 'Action',
                cell: (row) => (
                  <RowAction
                    action={`${NAV_PATH}/sessions/${row.id}/revoke`}
                    csrf={user.csrf}
                    label="End session"
                    detail={`of ${viewerName(row)} at ${row.partnerName}`}
                    danger
                    confirm={`End this session of ${viewerName(row)}?`}
                  />
                ),
              },
            ]}
          />
        )}
      </section>
    </ConsolePage>
  )
}

function PersonPanel({ person, user, canEdit }: { person: Person; user: ConsoleUser; canEdit: boolean }) {
  const lines = heldLines(person.data)
  return (
    <section className="panel" aria-labelledby="person-title">
      <h2 id="person-title">What is held about {person.email}</h2>
      {lines.length === 0 ? (
        <p className="muted">Nothing is held about {person.email} in the data room.</p>
      ) : (
        <dl className="record">
          {lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.count}</dd>
            </div>
          ))}
        </dl>
      )}
      {person.data.acceptances.length > 0 ? (
        <ul>
          {person.data.acceptances.map((acceptance) => (
            <li key={`${acceptance.retailer}-${acceptance.version}`}>
              Accepted {acceptance.retailer}'s agreement, version {acceptance.version},{' '}
              {utcTime(acceptance.acceptedAt)}
            </li>
          ))}
        </ul>
      ) : null}
      <FormRecordsNote person={person} />
      {canEdit && lines.length > 0 ? (
        <div className="actions">
          {person.data.sessions > 0 ? (
            <RowAction
              action={`${NAV_PATH}/revoke`}
              csrf={user.csrf}
              label="Sign out everywhere"
              detail={person.email}
              fields={{ email: person.email }}
            />
          ) : null}
          <a
            className="button button--danger button--sm"
            href={`${NAV_PATH}/delete?${new URLSearchParams({ email: person.email })}`}
          >
            Delete their data…
          </a>
        </div>
      ) : null}
    </section>
  )
}

/** The applications and messages sent from the address, where they are read and deleted. */
function FormRecordsNote({ person }: { person: Person }) {
  const { applications, messages } = person.records
  if (applications === 0 && messages === 0) return null
  const query = new URLSearchParams({ email: person.email })
  return (
    <p>
      Kept apart from the data room, and not deleted with it:{' '}
      {applications > 0 ? <a href={`/admin/applications?${query}`}>{applications} application(s)</a> : null}
      {applications > 0 && messages > 0 ? ' and ' : null}
      {messages > 0 ? <a href={`/admin/messages?${query}`}>{messages} message(s)</a> : null} sent from this
      address.
    </p>
  )
}

/** The delete step: what goes, and a button that posts (without JavaScript too). */
export function ViewerDeletePage({ user, person }: { user: ConsoleUser; person: Person }) {
  const back = `${NAV_PATH}?${new URLSearchParams({ email: person.email })}`
  const lines = heldLines(person.data)
  return (
    <ConsolePage
      user={user}
      current={NAV_PATH}
      crumb={{ href: NAV_PATH, label: 'Viewers' }}
      title={`Delete ${person.email}'s data?`}
    >
      {lines.length === 0 ? (
        <section className="panel" aria-labelledby="confirm-title">
          <h2 id="confirm-title">Nothing to delete</h2>
          <p>Nothing is held about {person.email} in the data room.</p>
          <FormRecordsNote person={person} />
          <p>
            <a href={back}>Back to {person.email}</a>
          </p>
        </section>
      ) : (
        <section className="panel panel--danger" aria-labelledby="confirm-title">
          <h2 id="confirm-title">These rows are deleted for good</h2>
          <ul>
            {lines.map((line) => (
              <li key={line.label}>
                {line.label}: {line.count}
              </li>
            ))}
          </ul>
          <p>
            A live session ends with its row: they are signed out. They can sign in again where a code still
            admits them. The audit log keeps the counts and who deleted them.
          </p>
          <CsrfForm action={`${NAV_PATH}/delete`} csrf={user.csrf} className="actions">
            <input type="hidden" name="email" value={person.email} />
            <button className="button button--danger" type="submit">
              Delete their data
            </button>
            <a className="button button--ghost" href={back}>
              Keep it
            </a>
          </CsrfForm>
        </section>
      )}
    </ConsolePage>
  )
}
