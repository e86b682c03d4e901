// The <form> of an enhanced form (decision 022): a real post to its API route without JavaScript,
// sent by useEnhancedForm with it. It starts with what every such form needs: the error summary,
// filled by the server's render or by inline validation, and the hidden idempotency key.
import type { ReactNode } from 'react'
import { IDEMPOTENCY_FIELD } from '../../lib/forms/idempotency.ts'
import { ErrorSummary } from './ErrorSummary.tsx'
import type { EnhancedForm } from './use-enhanced-form.ts'

interface PostFormProps<F extends string> {
  form: EnhancedForm<F>
  /** The API route the form posts to. */
  action: string
  className: string
  /** The form's accessible name: a label, or the id of its visible title (in `head`). */
  name: { label: string } | { labelledBy: string }
  /** What comes before the error summary (a title and an introduction). */
  head?: ReactNode
  /** The summary's heading when the whole submission failed (see ErrorSummary). */
  failureTitle?: string
  children: ReactNode
}

export function PostForm<F extends string>({
  form,
  action,
  className,
  name,
  head,
  failureTitle,
  children,
}: PostFormProps<F>) {
  return (
    <form
      ref={form.formRef}
      className={className}
      method="post"
      action={action}
      noValidate
      aria-label={'label' in name ? name.label : undefined}
      aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
      aria-busy={form.submitting}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      {head}
      <ErrorSummary
        id={form.id}
        items={form.summary.map((item) => ({ href: form.idFor(item.field), message: item.message }))}
        message={form.message}
        summaryRef={form.summaryRef}
        failureTitle={failureTitle}
        autoFocus
      />
      <input type="hidden" name={IDEMPOTENCY_FIELD} defaultValue={form.key} />
      {children}
    </form>
  )
}
