import { may } from '../../../lib/admin/roles.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { CsrfForm } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { RECORD_PAGES, type RecordPath } from './RecordsPage.tsx'

export interface RecordField {
  key: string
  label: string
  value: string | number | Date | null | undefined
}

/**
 * One application or message, every field. With `confirm`, the delete step: what goes (the record
 * and the notifications about it) and a button that posts; without JavaScript too.
 */
export function RecordPage({
  user,
  path,
  id,
  name,
  fields,
  confirm,
}: {
  user: ConsoleUser
  path: RecordPath
  id: string
  name: string
  fields: readonly RecordField[]
  confirm?: boolean
}) {
  const page = RECORD_PAGES.find((entry) => entry.path === path) ?? RECORD_PAGES[0]
  return (
    <ConsolePage
      user={user}
      current="/admin/applications"
      crumb={{ href: `/admin/${path}`, label: page.label }}
      title={confirm ? `Delete this ${page.one}?` : name}
    >
      {confirm ? (
        <section className="panel panel--danger" aria-labelledby="confirm-title">
          <h2 id="confirm-title">
            The {page.one} from {name} is deleted for good
          </h2>
          <p>It goes with the notifications about it. The audit log keeps its id and who deleted it.</p>
          <CsrfForm action={`/admin/${path}/${id}/delete`} csrf={user.csrf} className="actions">
            <button className="button button--danger" type="submit">
              Delete {page.one}
            </button>
            <a className="button button--ghost" href={`/admin/${path}/${id}`}>
              Keep it
            </a>
          </CsrfForm>
        </section>
      ) : null}
      <section className="panel" aria-label={`The ${page.one}`}>
        <dl className="record">
          {fields.map((field) => (
            <div key={field.key}>
              <dt>{field.label}</dt>
              <dd>{shownValue(field.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {!confirm && may(user.role, 'edit') ? (
        <p>
          <a className="button button--danger" href={`/admin/${path}/${id}/delete`}>
            Delete this {page.one}…
          </a>
        </p>
      ) : null}
    </ConsolePage>
  )
}

/** A field as the console writes it: a time to the minute in UTC, an empty field as a dash. */
function shownValue(value: RecordField['value']): string | number {
  if (value instanceof Date) return utcTime(value)
  return value === null || value === undefined || value === '' ? '—' : value
}
