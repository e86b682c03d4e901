// The error summary at the top of a form (the GOV.UK pattern): what went wrong, one link per field
// that needs fixing (to the field itself), and a sentence for a failure of the whole submission
// (rate limit, server, network). It is the form's one alert region: always in the page, so a
// screen reader announces what is written into it, and the place focus moves to after a failed
// submit. The server renders it the same way for a post without JavaScript, where `autoFocus`
// puts focus on it as the page loads. A form whose failure the spec words (the application's
// "Failed to submit application. Please try again.") passes it as `failureTitle`: the first line
// read when the whole submission failed, before the sentence saying why.
import type { Ref } from 'react'

export interface SummaryItem {
  /** The id of the control the link moves to. */
  href: string
  message: string
}

/** The heading of a summary of answers to fix (GOV.UK wording). */
export const PROBLEM_TITLE = 'There is a problem'

export function ErrorSummary({
  id,
  items,
  message,
  summaryRef,
  autoFocus,
  failureTitle = PROBLEM_TITLE,
}: {
  id: string
  items: SummaryItem[]
  message?: string
  summaryRef?: Ref<HTMLDivElement>
  autoFocus?: boolean
  failureTitle?: string
}) {
  const shown = items.length > 0 || Boolean(message)
  return (
    <div
      ref={summaryRef}
      className={shown ? 'error-summary' : 'error-summary error-summary--empty'}
      role="alert"
      aria-labelledby={shown ? `${id}-error-summary-title` : undefined}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the outcome of a post takes focus as its page loads (GOV.UK pattern)
      autoFocus={shown && autoFocus}
    >
      {shown ? (
        <>
          <h2 className="error-summary__title" id={`${id}-error-summary-title`}>
            {message ? failureTitle : PROBLEM_TITLE}
          </h2>
          {message ? <p className="error-summary__message">{message}</p> : null}
          {items.length > 0 ? (
            <ul className="error-summary__list">
              {items.map((item) => (
                <li key={item.href}>
                  <a href={`#${item.href}`}>{item.message}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
