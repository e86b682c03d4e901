import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import { proposalPathOf } from '../../lib/access.ts'

/**
 * The way from /docket to the partner's proposal, for a grant of a partner that has one: the
 * proposal is a page of its own, not a document of the data room, and no other page links to it.
 * Server-rendered from the verified grants alone (a plain link, no script), so the kept docket
 * stays one render per set of grants.
 */
export function DocketProposal() {
  const { accessGrants = [], partners } = usePageContext() as PageContextServer
  const retailer = accessGrants.find((slug) => proposalPathOf(slug))
  const path = retailer ? proposalPathOf(retailer) : undefined
  if (!retailer || !path) return null
  return (
    <section className="docket-proposal on-dark" aria-labelledby="docket-proposal-title">
      <div className="container">
        <div className="docket-proposal__card">
          <div className="docket-proposal__text">
            <p className="docket-proposal__kind caps-label">{`Confidential · ${partners?.nameOf(retailer) ?? retailer}`}</p>
            <h2 className="docket-proposal__title" id="docket-proposal-title">
              Your partnership proposal
            </h2>
            <p className="docket-proposal__lede">Its terms are non-binding and for discussion only.</p>
          </div>
          <a className="button button--accent docket-proposal__open" href={path}>
            Read the proposal <span aria-hidden="true">→</span>
          </a>
        </div>
      </div>
    </section>
  )
}
