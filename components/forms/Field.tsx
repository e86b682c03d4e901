// Labelled form controls wired to useSubmissionForm: label, optional hint, the control, and the
// error beside it (linked by aria-describedby, flagged by aria-invalid, after validation only).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import type { SubmissionForm } from './useSubmissionForm'

interface FieldProps<F extends string> {
  form: SubmissionForm<F>
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
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.5v4.2M8 11.2v.3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  )
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'onChange'>

export function TextField<F extends string>({
  prefix,
  ...props
}: FieldProps<F> & InputProps & { prefix?: string }) {
  const { form, name, label, required, hint, wide, ...input } = props
  const control = (
    <input
      className="field__control"
      required={required}
      {...input}
      {...form.control(name, { hint: !!hint })}
    />
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

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name' | 'value' | 'onChange'>

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
          {...form.control(name, { hint: !!hint })}
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

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'value' | 'onChange'>

export function TextAreaField<F extends string>(props: FieldProps<F> & TextAreaProps) {
  const { form, name, label, required, hint, wide, maxLength, ...area } = props
  const length = form.values[name].length
  return (
    <Field form={form} name={name} label={label} required={required} hint={hint} wide={wide}>
      <textarea
        className="field__control field__control--area"
        required={required}
        maxLength={maxLength}
        {...area}
        {...form.control(name, { hint: !!hint })}
      />
      {maxLength && length > maxLength * 0.8 ? (
        <p className="field__count" aria-live="polite">
          {length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')}
        </p>
      ) : null}
    </Field>
  )
}
