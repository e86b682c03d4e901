import { DOCKET_PATH } from '../../lib/access.ts'

/**
 * The way back to /docket from a page a grant holder reaches from it (a document, the agreement,
 * the proposal): a plain link, in the same words on each, at the top of the page's dark band.
 */
export function DocketBackLink() {
  return (
    <a className="docket-back" href={DOCKET_PATH}>
      <span aria-hidden="true">← </span>Back to the docket
    </a>
  )
}
