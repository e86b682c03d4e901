import { Notice } from './Notice.tsx'

export interface FormState {
  values: Record<string, string>
  /** Field name → message; the summary links each to `#<prefix>-<name>`. */
  errors: Record<string, string>
}

/** "There is a problem": every error of a refused form, each linking to its field. */
export function ErrorSummary({ form, prefix }: { form?: FormState; prefix: string }) {
  const errors = Object.entries(form?.errors ?? {})
  if (errors.length === 0) return null
  return (
    <Notice kind="error" title="There is a problem">
      <ul>
        {errors.map(([name, message]) => (
          <li key={name}>
            <a href={`#${prefix}-${name}`}>{message}</a>
          </li>
        ))}
      </ul>
    </Notice>
  )
}

/** A field's error under it, named by the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null
}
