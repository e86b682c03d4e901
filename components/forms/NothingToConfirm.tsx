import type { ReactNode } from 'react'
import { type WayOn, WaysOn } from './FormConfirmation.tsx'

/**
 * A confirmation page opened without a post before it (typed, bookmarked, from history after the
 * hour; lib/forms/confirmation.ts): it says there is nothing to confirm, in the confirmation's
 * panel but with no tick and no status to announce, and leads to the form.
 */
export function NothingToConfirm({
  tint,
  title,
  next,
  back,
  children,
}: {
  tint?: boolean
  title: string
  next: WayOn
  back: WayOn
  children: ReactNode
}) {
  return (
    <section className={tint ? 'section section--tint' : 'section'} aria-labelledby="nothing-to-confirm">
      <div className="container confirmation-page">
        <div className="form-confirmation panel">
          <h2 className="form-confirmation__title" id="nothing-to-confirm">
            {title}
          </h2>
          <div className="form-confirmation__body">{children}</div>
          <div className="form-confirmation__actions">
            <WaysOn next={next} back={back} />
          </div>
        </div>
      </div>
    </section>
  )
}
