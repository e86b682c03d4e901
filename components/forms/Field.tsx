// Labelled form controls of an enhanced HTML form (useEnhancedForm): label, optional hint, the
// control and the error beside it (linked by aria-describedby, flagged by aria-invalid). Inputs
// are uncontrolled: they start from `defaultValue` (what the server got back, or nothing) and the
// browser keeps what is typed, before and after hydration alike.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react'
import { EMAIL_MAX, PHONE_INPUT_MAX } from '../../lib/forms/fields.ts'
import type { EnhancedForm } from './use-enhanced-form.ts'

interface FieldProps<F extends string> {
  form: EnhancedForm<F>
  name: F
  label: string
  /** Required fields carry the `required` attribute; optional ones say so in the label. */
  required?: boolean
  hint?: ReactNode
  /** Spans both columns of a .form-grid. */
  wide?: boolean
}

function Field<F extends string>({
  form,
  name,
  label,
  required,
  hint,
  wide,
  children,
}: FieldProps<F> & { children: ReactNode }) {
  const id = form.idFor(name)
  const error = form.errors[name]
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.5v4.2M8 11.2v.3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  )
}

/** The attributes every control shares: name, id, starting value, validity and descriptions. */
function controlProps<F extends string>(form: EnhancedForm<F>, name: F, hint: boolean) {
  const id = form.idFor(name)
  const error = form.errors[name]
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return {
    id,
    name,
    defaultValue: form.defaultOf(name),
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  }
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'defaultValue'>

export function TextField<F extends string>({
  prefix,
  ...props
}: FieldProps<F> & InputProps & { prefix?: string }) {
  const { form, name, label, required, hint, wide, ...input } = props
  const control = (
    <input className="field__control" required={required} {...input} {...controlProps(form, name, !!hint)} />
  )
  return (
    <Field form={form} name={name} label={label} required={required} hint={hint} wide={wide}>
      {prefix ? (
        <div className="field__affix">
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
    </Field>
  )
}

/** A group of fields with its step number and legend, laid out on the form's grid. */
export function NumberedFieldset({
  step,
  legend,
  children,
}: {
  step: number
  legend: string
  children: ReactNode
}) {
  return (
    <fieldset className="form-fieldset">
      <legend className="form-fieldset__legend">
        <span className="form-fieldset__step badge">{step}</span>
        {legend}
      </legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  )
}

/** A work e-mail address and a phone number: what the browser fills in, and how long either may be. */
const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  spellCheck: false,
  maxLength: EMAIL_MAX,
  placeholder: 'name@company.com',
} as const
const PHONE_INPUT = {
  type: 'tel',
  autoComplete: 'tel',
  maxLength: PHONE_INPUT_MAX,
  placeholder: '(512) 555-0142',
} as const

/** A required work e-mail address. */
export function EmailField<F extends string>(props: Pick<FieldProps<F>, 'form' | 'name' | 'label'>) {
  return <TextField {...props} required {...EMAIL_INPUT} />
}

/** A required phone number, the kind `phone()` in lib/forms/fields.ts accepts. */
export function PhoneField<F extends string>(props: Pick<FieldProps<F>, 'form' | 'name' | 'label'>) {
  return <TextField {...props} required {...PHONE_INPUT} />
}

/** A person's full name, as the browser fills it in. */
export function NameField<F extends string>(props: FieldProps<F> & { maxLength: number }) {
  return <TextField {...props} required autoComplete="name" />
}

/** A company's name, as the browser fills it in, across both columns. */
export function CompanyField<F extends string>(props: FieldProps<F> & { maxLength: number }) {
  return <TextField {...props} wide autoComplete="organization" />
}

/**
 * A whole number from 0 to `max` (locations, orders). No placeholder: a grey "0" in an empty box
 * reads as a value already given.
 */
export function CountField<F extends string>(props: FieldProps<F> & { max: number }) {
  return <TextField {...props} type="number" inputMode="numeric" min={0} step={1} />
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name' | 'value' | 'defaultValue'>

export function SelectField<F extends string>(
  props: FieldProps<F> & SelectProps & { options: readonly string[]; placeholder: string },
) {
  const { form, name, label, required, hint, wide, options, placeholder, ...select } = props
  return (
    <Field form={form} name={name} label={label} required={required} hint={hint} wide={wide}>
      <div className="field__select">
        <select
          className="field__control"
          required={required}
          {...select}
          {...controlProps(form, name, !!hint)}
        >
          {/* An empty first option: the browser's `required` check treats it as "nothing chosen". */}
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </Field>
  )
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'form' | 'name' | 'value' | 'defaultValue'
>

export function TextAreaField<F extends string>(props: FieldProps<F> & TextAreaProps) {
  const { form, name, label, required, hint, wide, maxLength, ...area } = props
  // Only the length is state, for the counter near the limit; the text stays in the textarea.
  const [length, setLength] = useState(() => form.defaultOf(name).length)
  return (
    <Field form={form} name={name} label={label} required={required} hint={hint} wide={wide}>
      <textarea
        className="field__control field__control--area"
        required={required}
        maxLength={maxLength}
        {...area}
        {...controlProps(form, name, !!hint)}
        onInput={(event) => setLength(event.currentTarget.value.length)}
      />
      {maxLength && length > maxLength * 0.8 ? (
        <p className="field__count" aria-live="polite">
          {length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')}
        </p>
      ) : null}
    </Field>
  )
}
