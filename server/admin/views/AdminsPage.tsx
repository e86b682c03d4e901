import { ADMIN_ROLES } from '../../../lib/admin/roles.ts'
import type { AdminRow } from '../admins.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { CsrfForm, FormActions, LabelledField } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { Notice } from './Notice.tsx'
import { TextField } from './TextField.tsx'

export function AdminsPage({
  user,
  rows,
  done,
  firstSignIn,
  error,
  values,
}: {
  user: ConsoleUser
  rows: AdminRow[]
  done?: string
  /** After an admin was added: how their first sign-in link reaches them. */
  firstSignIn?: 'mail' | 'cli'
  error?: string
  values?: { email?: string; role?: string }
}) {
  return (
    <ConsolePage
      user={user}
      current="/admin/admins"
      title="Admins"
      lead="Who may sign in to this console, and what their role allows."
      done={firstSignIn ? undefined : done}
    >
      {firstSignIn ? (
        <Notice kind="ok" title={done ?? 'Admin added'}>
          <p>
            {firstSignIn === 'mail'
              ? 'They sign in at /admin/sign-in with their e-mail address; the link arrives by e-mail.'
              : 'This server sends no e-mail, so their first sign-in link is made on the server: npx rm5 admins link <their address>. They may then add a passkey.'}
          </p>
        </Notice>
      ) : null}
      {error ? (
        <Notice kind="error" title="There is a problem">
          <p>
            <a href="#admin-email">{error}</a>
          </p>
        </Notice>
      ) : null}
      <section className="panel" aria-labelledby="add-admin-title">
        <h2 id="add-admin-title">Add an admin</h2>
        <p className="muted small">
          Reader: reads everything. Editor: also changes partners, codes, documents, agreements, viewers,
          applications, messages and notifications. Owner: also admins.
        </p>
        <CsrfForm action="/admin/admins" csrf={user.csrf} noValidate>
          <div className="form-grid form-grid--wide">
            <TextField
              id="admin-email"
              name="email"
              label="E-mail address"
              type="email"
              autoComplete="off"
              defaultValue={values?.email}
              error={error}
            />
            <LabelledField id="admin-role" label="Role">
              <select id="admin-role" name="role" defaultValue={values?.role ?? 'reader'}>
                <RoleOptions />
              </select>
            </LabelledField>
          </div>
          <FormActions submit="Add admin" />
        </CsrfForm>
      </section>
      <section className="panel" aria-labelledby="admins-title">
        <h2 id="admins-title">Admins</h2>
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            { header: 'E-mail', cell: (row) => row.email },
            {
              header: 'Role',
              cell: (row) =>
                row.email === user.email ? (
                  <span className="badge">{row.role}</span>
                ) : (
                  <RoleForm csrf={user.csrf} email={row.email} role={row.role} />
                ),
            },
            { header: 'Added', cell: (row) => utcTime(row.createdAt) },
            { header: 'Passkeys', cell: (row) => row.passkeys, num: true },
            {
              header: 'Action',
              cell: (row) =>
                row.email === user.email ? (
                  <span className="muted small">you</span>
                ) : (
                  <RowAction
                    action="/admin/admins/remove"
                    csrf={user.csrf}
                    label="Remove"
                    detail={row.email}
                    danger
                    confirm={`Remove ${row.email}? Their sessions end at once.`}
                    fields={{ email: row.email }}
                  />
                ),
            },
          ]}
        />
      </section>
    </ConsolePage>
  )
}

/** `rm5 admins set <email> --role <role>` for one row: the role chosen, then "Change". */
function RoleForm({ csrf, email, role }: { csrf: string; email: string; role: string }) {
  const id = `role-${email.replace(/[^a-z0-9]/gi, '-')}`
  return (
    <CsrfForm action="/admin/admins/role" csrf={csrf} className="role-form">
      <input type="hidden" name="email" value={email} />
      <label className="visually-hidden" htmlFor={id}>
        Role of {email}
      </label>
      <select id={id} name="role" defaultValue={role}>
        <RoleOptions />
      </select>
      <button className="button button--dark button--sm" type="submit">
        Change<span className="visually-hidden"> the role of {email}</span>
      </button>
    </CsrfForm>
  )
}

/** The roles, each an option named as the CLI names it. */
function RoleOptions() {
  return ADMIN_ROLES.map((role) => (
    <option key={role} value={role}>
      {role}
    </option>
  ))
}
