import { usePageContext } from 'vike-react/usePageContext'
import { DocketBackLink } from '../../components/documents/DocketBackLink.tsx'
import { DocketSessionBar } from '../../components/documents/DocketSessionBar.tsx'
import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { asksToClose } from '../../lib/access.ts'
import { brand } from '../../lib/brand.ts'
import { commercialTerms } from '../../lib/content/proposal.ts'
import { PROPOSAL_PARTNER_NAME } from '../../lib/partners.ts'
import { CloseProposal } from './CloseProposal.tsx'

const retailer = PROPOSAL_PARTNER_NAME

// HTML-only page (decision 020), like the docket: its session bar is rendered from the verified
// grants, which only the server holds, so no React render of the page runs in the browser. Its one
// island is the close button with its dialog (+client.ts), which reads the same query the server
// rendered it from (CloseProposalIsland.tsx).
export default function Page() {
  const asked = asksToClose(usePageContext().urlParsed.search)
  return (
    <div className="proposal">
      {/* Who is signed in and the way out, as on the docket: every visitor here holds a grant. */}
      <DocketSessionBar />
      {/* Every visitor here holds a Circle K grant (+guard.server.ts), and any grant opens the
          docket (canOpenDocket): the way back is everyone's, so the kept render needs no branch. */}
      <PageHero
        page="proposal"
        back={<DocketBackLink />}
        eyebrow="Confidential"
        title="Partnership Proposal"
        compact
      >
        <p className="lede">
          Prepared for {retailer}: on-demand delivery from your stores with the {brand.product}, a driverless,
          all-electric mobile store.
        </p>
        <Island name="proposal-close">
          <CloseProposal asked={asked} />
        </Island>
      </PageHero>

      <section className="section section--tint proposal-body" aria-label="Proposal details">
        <div className="container proposal-stack">
          <article className="proposal-card" aria-labelledby="proposal-overview">
            <span className="proposal-card__index">01</span>
            <div className="proposal-overview">
              <div>
                <h2 id="proposal-overview">Partnership Overview</h2>
                <p>
                  {brand.company} proposes to bring on-demand delivery to {retailer} stores with a dedicated
                  fleet of {brand.product} vehicles. Customers order from your storefront in the{' '}
                  {brand.product} consumer app; your staff load the order into a locker at the store's pickup
                  bay; the vehicle drives it to the customer, who unlocks their locker at the curb.
                </p>
                <p>
                  You keep your catalog, prices and inventory in the merchant app. {brand.company} operates
                  the vehicles, the routing and customer support.
                </p>
              </div>
              <ul className="check-list proposal-overview__points">
                <li>10-minute delivery promise</li>
                <li>10 lockers per vehicle: ambient, chilled or heated</li>
                <li>SAE Level 4 autonomy, top speed 25 mph</li>
                <li>First stores in select Austin neighborhoods (Q1 2026)</li>
              </ul>
            </div>
          </article>

          <article className="proposal-card proposal-card--dark" aria-labelledby="proposal-terms">
            <span className="proposal-card__index">02</span>
            <h2 id="proposal-terms">Key Commercial Terms</h2>
            <dl className="proposal-terms">
              {commercialTerms.map((term) => (
                <div className="proposal-term" key={term.name}>
                  <dt className="proposal-term__name caps-label">{term.name}</dt>
                  <dd className="proposal-term__body">
                    <span
                      className={
                        /\d/.test(term.value)
                          ? 'proposal-term__value'
                          : 'proposal-term__value proposal-term__value--word'
                      }
                    >
                      {term.value}
                    </span>
                    <span className="proposal-term__unit">{term.unit}</span>
                    {term.details.map((detail) => (
                      <span className="proposal-term__detail" key={detail}>
                        {detail}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </article>

          <article className="proposal-card proposal-status" aria-labelledby="proposal-status">
            <span className="proposal-card__index">03</span>
            <div className="proposal-status__row">
              <h2 id="proposal-status">Proposal Status</h2>
              <span className="proposal-status__badge">Non-binding</span>
            </div>
            <p>
              These terms are non-binding and for discussion only. Any partnership is subject to a definitive
              agreement signed by both parties; until then, neither party is committed to the terms above.
            </p>
          </article>
        </div>
      </section>
    </div>
  )
}
