import { may } from '../../lib/admin/roles.ts'
import type { Partner } from '../../lib/partners.ts'
import { CsrfField } from './ConsoleDocument.tsx'
import { ConsoleShell, type ConsoleUser, Notice, PageHead } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, FieldError, type FormState } from './ErrorSummary.tsx'
import { utcTime } from './format.ts'
import { TextField } from './TextField.tsx'

export interface CodeListRow {
  id: string
  retailer: string
  label: string | null
  createdAt: Date
  expiresAt: Date | null
  revokedAt: Date | null
  lastUsedAt: Date | null
  useCount: number
  requireEmail: boolean
  allowDomains: string[]
}

export interface GeneratedCode {
  id: string
  code: string
  retailer: string
}

export type CodeFormState = FormState

function state(row: CodeListRow, now: Date) {
  if (row.revokedAt) return <span className="badge badge--bad">revoked</span>
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return <span className="badge">expired</span>
  return <span className="badge badge--ok">active</span>
}

export function CodesPage({
  user,
  rows,
  gates,
  names,
  now,
  generated,
  revoked,
  form,
}: {
  user: ConsoleUser
  rows: CodeListRow[]
  /** The gates a new code can open. */
  gates: readonly Pick<Partner, 'slug' | 'name'>[]
  /** A gate's display name (the slug for a partner no longer served). */
  names: (slug: string) => string
  now: Date
  generated?: GeneratedCode
  revoked?: string
  form?: CodeFormState
}) {
  const canEdit = may(user.role, 'edit')
  const values = form?.values ?? {}
  const errors = form?.errors ?? {}
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `code-${name}-error` } : {}
  return (
    <ConsoleShell user={user} current="/admin/codes">
      <PageHead
        title="Codes"
        lead="Access codes of the gates. A code is stored as a hash only: it is shown once, when it is generated."
      />
      {generated ? (
        <Notice kind="ok" title={`New code for ${names(generated.retailer)}`}>
          <div className="secret">
            <code id="new-code">{generated.code}</code>
            <button className="button button--dark button--sm" type="button" data-copy="new-code" hidden>
              Copy
            </button>
          </div>
          <p className="small">This is the only time the code is shown. Pass it on securely.</p>
        </Notice>
      ) : null}
      {revoked ? (
        <Notice kind="ok" title="Code revoked">
          Sessions opened with it end within seconds.
        </Notice>
      ) : null}
      <ErrorSummary form={form} prefix="code" />
      {canEdit ? (
        <section className="panel" aria-labelledby="generate-title">
          <h2 id="generate-title">Generate a code</h2>
          <form method="post" action="/admin/codes" noValidate>
            <CsrfField token={user.csrf} />
            <div className="form-grid form-grid--wide">
              <div className="field">
                <label htmlFor="code-retailer">Gate</label>
                <select
                  id="code-retailer"
                  name="retailer"
                  defaultValue={values.retailer ?? ''}
                  {...invalid('retailer')}
                >
                  <option value="" disabled>
                    Choose a gate
                  </option>
                  {gates.map((gate) => (
                    <option key={gate.slug} value={gate.slug}>
                      {gate.name} (/{gate.slug})
                    </option>
                  ))}
                </select>
                <FieldError id="code-retailer" error={errors.retailer} />
              </div>
              <TextField
                id="code-label"
                name="label"
                label="Label"
                maxLength={200}
                defaultValue={values.label}
                error={errors.label}
              />
              <TextField
                id="code-expires"
                name="expires"
                label="Expires (end of day, UTC)"
                type="date"
                defaultValue={values.expires}
                error={errors.expires}
              />
              <TextField
                id="code-allowDomains"
                name="allowDomains"
                label="Allowed e-mail domains"
                placeholder="circlek.com, example.com"
                hint="With an e-mail required; empty: any domain."
                defaultValue={values.allowDomains}
                error={errors.allowDomains}
              />
            </div>
            <div className="form-actions">
              <div className="field field--check">
                <input
                  id="code-require-email"
                  name="requireEmail"
                  type="checkbox"
                  value="on"
                  defaultChecked={values.requireEmail === 'on'}
                />
                <label htmlFor="code-require-email">Require a work e-mail (one-time link by mail)</label>
              </div>
              <button className="button button--dark" type="submit">
                Generate code
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="codes-title">
        <h2 id="codes-title">All codes</h2>
        {rows.length === 0 ? (
          <p className="muted">No access codes yet.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Gate', cell: (row) => row.retailer },
              {
                header: 'Label',
                cell: (row) => (
                  <>
                    {row.label ?? '—'}
                    <br />
                    <span className="muted small">{row.id.slice(0, 8)}</span>
                  </>
                ),
              },
              { header: 'State', cell: (row) => state(row, now) },
              { header: 'Expires', cell: (row) => utcTime(row.expiresAt, 'never') },
              {
                header: 'E-mail',
                cell: (row) => (row.requireEmail ? row.allowDomains.join(', ') || 'any domain' : 'no'),
              },
              { header: 'Last used', cell: (row) => utcTime(row.lastUsedAt, 'never') },
              { header: 'Uses', cell: (row) => row.useCount, num: true },
              canEdit && {
                header: 'Action',
                cell: (row) =>
                  row.revokedAt ? null : (
                    <RowAction
                      action={`/admin/codes/${row.id}/revoke`}
                      csrf={user.csrf}
                      label="Revoke"
                      detail={`code ${row.label ?? row.id.slice(0, 8)}`}
                      danger
                      confirm="Revoke this code? Its sessions end within seconds."
                    />
                  ),
              },
            ]}
          />
        )}
      </section>
    </ConsoleShell>
  )
}
