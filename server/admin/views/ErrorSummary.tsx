import type { FormState } from '../../../lib/forms/form-state.ts'
import { Notice } from './Notice.tsx'

/** A form's values and, field name → message, its errors: the summary links each to `#<prefix>-<name>`. */
export type { FormState }

/**
 * "There is a problem": a message for the whole form (answers no longer kept), then every error
 * of a refused form, each linking to its field.
 */
export function ErrorSummary({ form, prefix }: { form?: FormState; prefix: string }) {
  const errors = Object.entries(form?.errors ?? {})
  if (errors.length === 0 && !form?.message) return null
  return (
    <Notice kind="error" title="There is a problem">
      {form?.message ? <p>{form.message}</p> : null}
      {errors.length > 0 ? (
        <ul>
          {errors.map(([name, message]) => (
            <li key={name}>
              <a href={`#${prefix}-${name}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
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
