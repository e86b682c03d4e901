import type { ReactNode } from 'react'

/**
 * The submit button. It works from first paint (before hydration it posts the HTML form) and is
 * never disabled: while a submission is under way it says so and is marked aria-disabled, and the
 * form ignores another press, so focus stays on it.
 */
export function SubmitButton({
  submitting,
  children,
  busyLabel = 'Submitting...',
}: {
  submitting: boolean
  children: ReactNode
  busyLabel?: string
}) {
  return (
    <button className="button button--dark" type="submit" aria-disabled={submitting || undefined}>
      {submitting ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        <>
          {children}
          <span className="button__arrow" aria-hidden="true">
            →
          </span>
        </>
      )}
    </button>
  )
}
