import { may } from '../../lib/admin/roles.ts'
import type { Partner } from '../../lib/partners.ts'
import { CsrfField } from './ConsoleDocument.tsx'
import { ConsoleShell, type ConsoleUser, Notice, PageHead } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, FieldError, type FormState } from './ErrorSummary.tsx'
import { expiryTime, utcTime } from './format.ts'
import { gateOptions, Radio, SelectField } from './SelectField.tsx'
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

/** What each outcome means for the admin, said under its title. */
const DONE_DETAIL: Record<string, string> = {
  'Code generated':
    'It was shown once, on the page after “Generate code”. A lost code cannot be shown again: revoke it and generate another.',
  'Code revoked': 'Sessions opened with it end within seconds.',
  'E-mail denied': 'No link is sent to that address; its sessions from the code have ended.',
  'E-mail admitted again': 'The address can ask the code for a link again.',
}

const EMAIL_RULES = [
  { value: 'deny', label: 'Denies this address' },
  { value: 'allow', label: 'Admits it again' },
]

const live = (row: CodeListRow, now: Date) =>
  !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > now.getTime())

/** `rm5 codes deny <id> --email <address> [--off]`: one address refused (or admitted again) by a code. */
function EmailRuleForm({
  user,
  rows,
  names,
  now,
  form,
}: {
  user: ConsoleUser
  rows: CodeListRow[]
  names: (slug: string) => string
  now: Date
  form?: FormState
}) {
  const codes = rows.filter((row) => live(row, now))
  const values = form?.values ?? {}
  const errors = form?.errors ?? {}
  if (codes.length === 0) return null
  return (
    <section className="panel" aria-labelledby="code-email-title">
      <h2 id="code-email-title">Deny or admit an e-mail</h2>
      <p className="muted small">
        A denied address gets no link from the code, a link already sent stops opening, and its sessions from
        the code end.
      </p>
      <form method="post" action="/admin/codes/email" noValidate>
        <CsrfField token={user.csrf} />
        <div className="form-grid form-grid--wide">
          <SelectField
            id="code-email-code"
            name="code"
            label="Code"
            prompt="Choose a code"
            options={codes.map((row) => ({
              value: row.id,
              label: `${names(row.retailer)}: ${row.label ?? 'unlabelled'} (${row.id.slice(0, 8)})`,
            }))}
            defaultValue={values.code}
            error={errors.code}
          />
          <TextField
            id="code-email-email"
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            defaultValue={values.email}
            error={errors.email}
          />
          <fieldset className="choice" id="code-email-rule">
            <legend>The code</legend>
            {EMAIL_RULES.map((option) => (
              <Radio
                key={option.value}
                id="code-email-rule"
                name="rule"
                option={option}
                chosen={values.rule || 'deny'}
              />
            ))}
            <FieldError id="code-email-rule" error={errors.rule} />
          </fieldset>
        </div>
        <div className="form-actions">
          <button className="button button--dark" type="submit">
            Save
          </button>
        </div>
      </form>
    </section>
  )
}

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
  done,
  form,
  emailForm,
}: {
  user: ConsoleUser
  rows: CodeListRow[]
  /** The gates a new code can open. */
  gates: readonly Pick<Partner, 'slug' | 'name'>[]
  /** A gate's display name (the slug for a partner no longer served). */
  names: (slug: string) => string
  now: Date
  /** The code just generated, shown this once (the page after the post, never again). */
  generated?: GeneratedCode
  /** What the last post did (its 303 named it). */
  done?: string
  form?: CodeFormState
  /** The deny or admit form, refused. */
  emailForm?: FormState
}) {
  const canEdit = may(user.role, 'edit')
  const values = form?.values ?? {}
  const errors = form?.errors ?? {}
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
      {done ? (
        <Notice kind="ok" title={done}>
          {DONE_DETAIL[done]}
        </Notice>
      ) : null}
      <ErrorSummary form={form} prefix="code" />
      <ErrorSummary form={emailForm} prefix="code-email" />
      {canEdit ? (
        <section className="panel" aria-labelledby="generate-title">
          <h2 id="generate-title">Generate a code</h2>
          <form method="post" action="/admin/codes" noValidate>
            <CsrfField token={user.csrf} />
            <div className="form-grid form-grid--wide">
              <SelectField
                id="code-retailer"
                name="retailer"
                label="Gate"
                prompt="Choose a gate"
                options={gateOptions(gates)}
                defaultValue={values.retailer}
                error={errors.retailer}
              />
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
                  id="code-requireEmail"
                  name="requireEmail"
                  type="checkbox"
                  value="on"
                  defaultChecked={values.requireEmail === 'on'}
                  aria-describedby={errors.requireEmail ? 'code-requireEmail-error' : undefined}
                />
                <label htmlFor="code-requireEmail">Require a work e-mail (one-time link by mail)</label>
              </div>
              <FieldError id="code-requireEmail" error={errors.requireEmail} />
              <button className="button button--dark" type="submit">
                Generate code
              </button>
            </div>
          </form>
        </section>
      ) : null}
      {canEdit ? <EmailRuleForm user={user} rows={rows} names={names} now={now} form={emailForm} /> : null}
      <section className="panel" aria-labelledby="codes-title">
        <h2 id="codes-title">All codes</h2>
        {rows.length === 0 ? (
          <p className="muted">No access codes yet.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Gate', cell: (row) => names(row.retailer) },
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
              { header: 'Expires', cell: (row) => expiryTime(row.expiresAt) },
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
