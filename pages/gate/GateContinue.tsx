import { DOCKET_PATH } from '../../lib/access.ts'
import type { Partner } from '../../lib/partners.ts'

/** For a visitor already signed in to this partner's docket: straight on, no code asked again. */
export function GateContinue({ partner }: { partner: Partner }) {
  return (
    <section className="gate-continue" aria-labelledby="gate-continue-title">
      <h2 className="gate-continue__title" id="gate-continue-title">
        You are signed in to the {partner.name} docket
      </h2>
      <a className="button button--accent gate-continue__button" href={DOCKET_PATH}>
        Continue to the documents
        <span className="button__arrow" aria-hidden="true">
          →
        </span>
      </a>
      {partner.open ? null : <p className="gate-continue__other">Have another code? Enter it in the form.</p>}
    </section>
  )
}
