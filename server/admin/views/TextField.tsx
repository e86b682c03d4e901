import { FieldError } from './ErrorSummary.tsx'

/** A labelled input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  defaultValue,
  error,
  hint,
  placeholder,
  autoComplete,
  maxLength,
}: {
  id: string
  name: string
  label: string
  type?: 'text' | 'email' | 'date'
  defaultValue?: string
  error?: string
  hint?: string
  placeholder?: string
  autoComplete?: string
  maxLength?: number
}) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}
