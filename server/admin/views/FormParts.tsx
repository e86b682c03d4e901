// The pieces every console form is built of, so that a form says only what is its own: which
// fields, which labels, which button.
import type { FormHTMLAttributes, ReactNode } from 'react'
import { CsrfField } from './ConsoleDocument.tsx'
import { FieldError, type FormState } from './ErrorSummary.tsx'

/**
 * A field's id, name, starting value and error in a refused form, its id as the form's error
 * summary links it (`<prefix>-<name>`): `<TextField {...field('label')} label="Label" />`.
 */
export const bindFields =
  (form: FormState | undefined, prefix: string) =>
  (name: string): { id: string; name: string; defaultValue?: string; error?: string } => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: form?.values[name],
    error: form?.errors[name],
  })

/** The ids a control's aria-describedby names: its error and its hint, where it has them. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: unknown }) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
}

/** A labelled control with its hint and error under it (the control says it is described by them). */
export function LabelledField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

/** A ticked-or-not box and its label; `children` stand beside them (an error, in a form that has one). */
export function CheckField({
  id,
  name,
  label,
  value = 'on',
  checked,
  error,
  hinted,
  className,
  children,
}: {
  id: string
  name: string
  label: string
  value?: string
  checked?: boolean
  error?: string
  /** A hint (id `<id>-hint`) stands near the box and describes it. */
  hinted?: boolean
  /** Classes besides `field field--check`. */
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={['field field--check', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint: hinted })}
      />
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  )
}

/** A form that changes something: posted with the session's CSRF token as its first field. */
export function CsrfForm({
  action,
  csrf,
  children,
  ...attributes
}: { action: string; csrf: string; children: ReactNode } & Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'method' | 'action'
>) {
  return (
    <form method="post" action={action} {...attributes}>
      <CsrfField token={csrf} />
      {children}
    </form>
  )
}

/** The row under a form's fields: what else belongs there (a box to tick), then its button. */
export function FormActions({ submit, children }: { submit: ReactNode; children?: ReactNode }) {
  return (
    <div className="form-actions">
      {children}
      <button className="button button--dark" type="submit">
        {submit}
      </button>
    </div>
  )
}

/**
 * A filter of a list: a GET form whose fields stay in the address. On its own (`panel`) it is a
 * panel with the page's dark button; inside a list's panel its button is a ghost one.
 */
export function FilterForm({
  action,
  submit,
  panel,
  label,
  children,
}: {
  action: string
  submit: string
  panel?: boolean
  /** The form's accessible name (a form on its own is a landmark only when named). */
  label?: string
  children: ReactNode
}) {
  return (
    <form className={panel ? 'panel filters' : 'filters'} method="get" action={action} aria-label={label}>
      {children}
      <button className={`button ${panel ? 'button--dark' : 'button--ghost'}`} type="submit">
        {submit}
      </button>
    </form>
  )
}
