// What a visitor sees once a form is stored: the confirmation page of a post without JavaScript
// (pages/apply-received, pages/contact-sent) and, with JavaScript, the same panel in place of the
// form. It is a status region that takes focus (on load without JavaScript through autoFocus), so
// the outcome is announced and stays on the page; no toast that disappears.
import { type ReactNode, type Ref, useId } from 'react'
import type { NextStep } from '../../lib/content/next-steps.ts'

export function FormConfirmation({
  title,
  children,
  steps,
  confirmationRef,
  autoFocus,
  actions,
  inline,
}: {
  title: string
  children: ReactNode
  steps?: readonly NextStep[]
  confirmationRef?: Ref<HTMLDivElement>
  autoFocus?: boolean
  actions?: ReactNode
  /** Shown in place of a form, inside the form's own card: no second card around it. */
  inline?: boolean
}) {
  const titleId = useId()
  return (
    <div
      className={inline ? 'form-confirmation form-confirmation--inline' : 'form-confirmation panel'}
      role="status"
      // Named by its outcome, so focus moving here reads that first.
      aria-labelledby={titleId}
      tabIndex={-1}
      ref={confirmationRef}
      // biome-ignore lint/a11y/noAutofocus: the outcome of a post takes focus as its page loads (GOV.UK pattern)
      autoFocus={autoFocus}
    >
      <p className="form-confirmation__title" id={titleId}>
        <svg viewBox="0 0 20 20" width="28" height="28" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="10" fill="currentColor" />
          <path
            d="M6 10.5l2.5 2.5L14 7.5"
            fill="none"
            stroke="#c6ff3d"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {title}
      </p>
      <div className="form-confirmation__body">{children}</div>
      {steps ? (
        <>
          <h3 className="form-confirmation__next caps-label">What happens next</h3>
          <ol className="form-confirmation__steps">
            {steps.map((step) => (
              <li key={step.title}>
                <strong>{step.title}.</strong> {step.body}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {actions ? <div className="form-confirmation__actions">{actions}</div> : null}
    </div>
  )
}

/** A way on from a confirmation page. */
export interface WayOn {
  href: string
  label: string
}

/** A confirmation page's two ways on: the main one as a dark button, the second as a text link. */
export function WaysOn({ next, back }: { next: WayOn; back: WayOn }) {
  return (
    <>
      <a className="button button--dark" href={next.href}>
        {next.label}
      </a>
      <a className="text-link" href={back.href}>
        {back.label}
      </a>
    </>
  )
}

/** A confirmation page's section (Post/Redirect/Get, decision 022): the panel with its two ways on. */
export function ConfirmationSection({
  tint,
  title,
  steps,
  next,
  back,
  children,
}: {
  tint?: boolean
  title: string
  steps: readonly NextStep[]
  next: WayOn
  back: WayOn
  children: ReactNode
}) {
  return (
    <section className={tint ? 'section section--tint' : 'section'}>
      <div className="container confirmation-page">
        <FormConfirmation title={title} steps={steps} autoFocus actions={<WaysOn next={next} back={back} />}>
          {children}
        </FormConfirmation>
      </div>
    </section>
  )
}
