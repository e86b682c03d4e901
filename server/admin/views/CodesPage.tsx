import type { ComponentProps } from 'react'
import { may } from '../../../lib/admin/roles.ts'
import type { Partner } from '../../../lib/partners.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, FieldError, type FormState } from './ErrorSummary.tsx'
import { bindFields, CheckField, CsrfForm, FormActions } from './FormParts.tsx'
import { expiryTime, utcTime } from './format.ts'
import { Notice } from './Notice.tsx'
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
  /** Addresses it keeps out (`rm5 codes deny`). */
  deniedEmails: string[]
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
  'That code was revoked already': 'Nothing changed: its sessions had ended when it was revoked.',
  'E-mail denied': 'No link is sent to that address; its sessions from the code have ended.',
  'E-mail admitted again': 'The address can ask the code for a link again.',
  'That address was denied already': 'Nothing changed: it gets no link from this code.',
  'That address was not denied': 'Nothing changed: it can ask this code for a link, as before.',
  'E-mail step on':
    'The code now asks for a work e-mail and sends a one-time link; its sessions opened without one, or for other domains, end within seconds.',
  'E-mail step off': 'The code alone opens the docket again.',
}

const EMAIL_STEPS = [
  { value: 'on', label: 'Asks for a work e-mail (one-time link by mail)' },
  { value: 'off', label: 'Does not ask: the code alone opens the docket' },
]

const EMAIL_RULES = [
  { value: 'deny', label: 'Denies this address' },
  { value: 'allow', label: 'Admits it again' },
]

const live = (row: CodeListRow, now: Date) =>
  !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > now.getTime())

/**
 * A form that changes one live code (none: no form): which code, one text field and a choice
 * between two rules, saved with one post.
 */
function CodeChangeForm({
  user,
  rows,
  names,
  now,
  form,
  change: { prefix, title, lead, action, field, choice },
}: CodeFormProps & { change: CodeChange }) {
  const codes = rows.filter((row) => live(row, now))
  if (codes.length === 0) return null
  const bind = bindFields(form, prefix)
  const choiceId = `${prefix}-${choice.name}`
  return (
    <section className="panel" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{title}</h2>
      <p className="muted small">{lead}</p>
      <CsrfForm action={action} csrf={user.csrf} noValidate>
        <div className="form-grid form-grid--wide">
          <SelectField
            {...bind('code')}
            label="Code"
            prompt="Choose a code"
            options={codes.map((row) => ({
              value: row.id,
              label: `${names(row.retailer)}: ${row.label ?? 'unlabelled'} (${row.id.slice(0, 8)})`,
            }))}
          />
          <TextField {...field} {...bind(field.name)} />
          <fieldset className="choice" id={choiceId}>
            <legend>The code</legend>
            {choice.options.map((option) => (
              <Radio
                key={option.value}
                id={choiceId}
                name={choice.name}
                option={option}
                chosen={form?.values[choice.name] || choice.chosen}
              />
            ))}
            <FieldError id={choiceId} error={form?.errors[choice.name]} />
          </fieldset>
        </div>
        <FormActions submit="Save" />
      </CsrfForm>
    </section>
  )
}

/** One such form: its ids' prefix (as the page's error summary links them), text and fields. */
interface CodeChange {
  prefix: string
  title: string
  lead: string
  action: string
  field: Pick<
    ComponentProps<typeof TextField>,
    'name' | 'label' | 'type' | 'autoComplete' | 'placeholder' | 'hint'
  >
  choice: { name: string; options: { value: string; label: string }[]; chosen: string }
}

interface CodeFormProps {
  user: ConsoleUser
  rows: CodeListRow[]
  names: (slug: string) => string
  now: Date
  form?: FormState
}

/**
 * `rm5 codes require-email <id> [--allow-domain …] [--off]`: a code's e-mail step turned on (with
 * the domains whose addresses get a link) or off.
 */
const EMAIL_STEP_FORM: CodeChange = {
  prefix: 'code-step',
  title: 'E-mail step',
  lead: 'With the step on, the right code is followed by a work e-mail and a one-time link (15 minutes, works once). Saving again replaces the domains.',
  action: '/admin/codes/require-email',
  field: {
    name: 'allowDomains',
    label: 'Allowed e-mail domains',
    placeholder: 'circlek.com, example.com',
    hint: 'With the step on; empty: any domain.',
  },
  choice: { name: 'step', options: EMAIL_STEPS, chosen: 'on' },
}

/** `rm5 codes deny <id> --email <address> [--off]`: one address refused (or admitted again) by a code. */
const EMAIL_RULE_FORM: CodeChange = {
  prefix: 'code-email',
  title: 'Deny or admit an e-mail',
  lead: 'A denied address gets no link from the code, a link already sent stops opening, and its sessions from the code end.',
  action: '/admin/codes/email',
  field: { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'off' },
  choice: { name: 'rule', options: EMAIL_RULES, chosen: 'deny' },
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
  stepForm,
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
  /** The e-mail step form, refused. */
  stepForm?: FormState
}) {
  const canEdit = may(user.role, 'edit')
  const field = bindFields(form, 'code')
  const codeForms: Omit<CodeFormProps, 'form'> = { user, rows, names, now }
  return (
    <ConsolePage
      user={user}
      current="/admin/codes"
      title="Codes"
      lead="Access codes of the gates. A code is stored as a hash only: it is shown once, when it is generated."
    >
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
      <ErrorSummary form={stepForm} prefix="code-step" />
      <ErrorSummary form={emailForm} prefix="code-email" />
      {canEdit ? (
        <section className="panel" aria-labelledby="generate-title">
          <h2 id="generate-title">Generate a code</h2>
          <CsrfForm action="/admin/codes" csrf={user.csrf} noValidate>
            <div className="form-grid form-grid--wide">
              <SelectField
                {...field('retailer')}
                label="Gate"
                prompt="Choose a gate"
                options={gateOptions(gates)}
              />
              <TextField {...field('label')} label="Label" maxLength={200} />
              <TextField {...field('expires')} label="Expires (end of day, UTC)" type="date" />
              <TextField
                {...field('allowDomains')}
                label="Allowed e-mail domains"
                placeholder="circlek.com, example.com"
                hint="With an e-mail required; empty: any domain."
              />
            </div>
            <FormActions submit="Generate code">
              <CheckField
                {...field('requireEmail')}
                label="Require a work e-mail (one-time link by mail)"
                checked={form?.values.requireEmail === 'on'}
              />
              <FieldError id="code-requireEmail" error={form?.errors.requireEmail} />
            </FormActions>
          </CsrfForm>
        </section>
      ) : null}
      {canEdit
        ? (
            [
              [EMAIL_STEP_FORM, stepForm],
              [EMAIL_RULE_FORM, emailForm],
            ] as const
          ).map(([change, state]) => (
            <CodeChangeForm key={change.prefix} {...codeForms} form={state} change={change} />
          ))
        : null}
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
                // One block, so a phone's stacked row keeps the id beside its label's heading.
                cell: (row) => (
                  <div>
                    {row.label ?? '—'}
                    <br />
                    <span className="muted small">{row.id.slice(0, 8)}</span>
                  </div>
                ),
              },
              { header: 'State', cell: (row) => state(row, now) },
              { header: 'Expires', cell: (row) => expiryTime(row.expiresAt) },
              {
                header: 'E-mail',
                cell: (row) => (
                  <div>
                    {row.requireEmail ? row.allowDomains.join(', ') || 'any domain' : 'no'}
                    {row.deniedEmails.length > 0 ? (
                      <>
                        <br />
                        <span className="muted small">Denied: {row.deniedEmails.join(', ')}</span>
                      </>
                    ) : null}
                  </div>
                ),
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
    </ConsolePage>
  )
}
