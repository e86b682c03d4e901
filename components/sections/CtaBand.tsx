import { APPLY_PATH } from '../../lib/routes.ts'

/** The closing call to action shared by the public pages: apply as a retailer, or get in touch. */
export function CtaBand({
  // A non-breaking hyphen (U+2011): "ten-" never ends a line apart from "minute".
  title = 'Bring ten\u2011minute delivery to your stores',
  text = 'We are onboarding retailers in Austin for the 2026 launch, then across Texas and the nation.',
}: {
  title?: string
  text?: string
}) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta-band__panel">
          <div>
            <h2 id="cta-title">{title}</h2>
            <p>{text}</p>
          </div>
          <div className="button-row">
            <a className="button button--accent" href={APPLY_PATH}>
              Apply for Retailer Access{' '}
              <span className="button__arrow" aria-hidden="true">
                →
              </span>
            </a>
            <a className="button button--ghost" href="/contact">
              Contact us
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
