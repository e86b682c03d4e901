// What every enhanced form starts with (decision 022): the error summary, filled by the server's
// render or by inline validation, and the hidden idempotency key the post carries.
import { IDEMPOTENCY_FIELD } from '../../lib/forms/idempotency.ts'
import { ErrorSummary } from './ErrorSummary.tsx'
import type { EnhancedForm } from './use-enhanced-form.ts'

export function FormSummaryAndKey<F extends string>({ form }: { form: EnhancedForm<F> }) {
  return (
    <>
      <ErrorSummary
        id={form.id}
        items={form.summary.map((item) => ({ href: form.idFor(item.field), message: item.message }))}
        message={form.message}
        summaryRef={form.summaryRef}
        autoFocus
      />
      <input type="hidden" name={IDEMPOTENCY_FIELD} defaultValue={form.key} />
    </>
  )
}
