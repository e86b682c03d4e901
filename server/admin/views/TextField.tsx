import { describedBy, LabelledField } from './FormParts.tsx'

/** A labelled input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function TextField({
  id,
  label,
  type = 'text',
  error,
  hint,
  ...input
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
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
      />
    </LabelledField>
  )
}
