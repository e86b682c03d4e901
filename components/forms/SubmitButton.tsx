import type { ReactNode } from 'react'

/** The submit button: disabled until hydrated and while submitting, when it reads 'Submitting...'. */
export function SubmitButton({
  submitting,
  hydrated,
  children,
  busyLabel = 'Submitting...',
}: {
  submitting: boolean
  hydrated: boolean
  children: ReactNode
  busyLabel?: string
}) {
  return (
    <button className="button button--dark" type="submit" disabled={submitting || !hydrated}>
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
