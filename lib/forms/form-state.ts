// What the server hands a form page it renders after a failed no-JavaScript post: the values as
// typed, a message per field and, for failures that are not about a field (a rate limit, the
// database away), one message for the whole form. The page renders the form from it, and the
// browser's island starts from the same state (components/forms/form-state-script.tsx), so
// hydration finds exactly the HTML the server sent.
import type { FieldErrors } from './field-errors.ts'

export interface FormState {
  /** The raw strings the visitor sent, per field of the form. */
  values: Record<string, string>
  errors: FieldErrors
  /** A failure of the whole submission, shown at the top of the error summary. */
  message?: string
  /** The idempotency key the next post carries (hidden field). */
  key?: string
}

export const emptyFormState: FormState = { values: {}, errors: {} }

/** The raw submitted values of `fields`: the first of a field sent twice, '' for anything else. */
export function submittedValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const values: Record<string, string> = {}
  for (const field of fields) {
    const value = Object.hasOwn(record, field) ? record[field] : undefined
    const first = Array.isArray(value) ? value[0] : value
    values[field] = typeof first === 'string' ? first : typeof first === 'number' ? String(first) : ''
  }
  return values
}

declare global {
  namespace Vike {
    interface PageContext {
      /**
       * Set when the server renders a form page to answer a failed form post (server/forms);
       * never passed to the browser, which reads it from the page (form-state-script).
       */
      formState?: FormState
    }
  }
}
