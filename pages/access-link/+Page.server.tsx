import { usePageContext } from 'vike-react/usePageContext'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { EMAIL_LINK_TOKEN, LINK_PATH } from '../../lib/access.ts'
import { brand } from '../../lib/brand.ts'
import { GateCardHead, GateTitle, gateStyle } from '../gate/GateTheme.tsx'
// Linked, not inline: this page is rendered for one request at times (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// Where the e-mailed one-time link lands. Mail scanners open links on their own, so opening this
// page uses nothing: the button posts the token (POST /api/access/link), which sets the grant and
// goes on to the docket. A used, expired or unknown link comes back here with `?error=expired`.
// The link names its gate: the page then wears that partner's name, colours and monogram, as the
// gate the viewer came from does.
export default function Page() {
  const { urlParsed, partners } = usePageContext()
  const token = urlParsed.search.token ?? ''
  const partner = partners?.get(urlParsed.search.gate ?? '')
  const gate = partner && !partner.open ? partner.slug : undefined
  const usable = urlParsed.search.error === undefined && EMAIL_LINK_TOKEN.test(token)
  const cardTitle = usable ? 'Open the docket' : 'This link cannot be used'
  return (
    <div className="gate" style={partner ? gateStyle(partner) : undefined}>
      <PageHero
        page="access"
        eyebrow="Private docket"
        title={partner ? <GateTitle partner={partner} /> : `${brand.product} docket`}
        compact
      >
        <p className="lede gate__lede">
          {usable
            ? 'Your e-mail address is confirmed. Continue to open the docket in this browser.'
            : 'Sign-in links work once, within 15 minutes of being sent.'}
        </p>
        <section className="gate-card" aria-labelledby="link-card-title">
          {partner ? (
            <GateCardHead partner={partner} titleId="link-card-title">
              {cardTitle}
            </GateCardHead>
          ) : (
            <h2 className="gate-card__title gate-card__title--alone" id="link-card-title">
              {cardTitle}
            </h2>
          )}
          {usable ? (
            <form className="gate-form" method="post" action={LINK_PATH}>
              <input type="hidden" name="token" value={token} />
              {gate ? <input type="hidden" name="gate" value={gate} /> : null}
              <button type="submit" className="button button--accent button--block gate-form__submit">
                Continue to the docket
                <span className="button__arrow" aria-hidden="true">
                  →
                </span>
              </button>
            </form>
          ) : (
            <div className="gate-step" role="alert">
              <p className="gate-step__text">This link has expired or was already used; ask for a new one.</p>
              <p className="gate-step__text gate-step__text--muted">
                Enter your access code again and we send you a new link.
              </p>
            </div>
          )}
          {usable ? null : (
            <p className="gate-link__back">
              <a className="button button--dark button--block" href={gate ? `/${gate}` : '/'}>
                {partner && gate ? `Back to the ${partner.name} gate` : 'Back to the home page'}
              </a>
            </p>
          )}
          <p className="gate-card__help">
            Questions? <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </p>
        </section>
      </PageHero>
    </div>
  )
}
