import type { $ZodError } from 'zod/v4/core'

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>

/** The first message per top-level field, as the API's `fields` and the form's inline errors. */
export function fieldErrors<F extends string>(error: $ZodError): FieldErrors<F> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_root'
    fields[key] ??= issue.message
  }
  return fields as FieldErrors<F>
}
