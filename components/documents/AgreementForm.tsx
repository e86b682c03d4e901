import { acceptanceRecord } from '../../lib/documents/viewer-identity.ts'
import { AGREEMENT_ACCEPT_PATH, type AgreementPageData } from '../../lib/documents.ts'
import { DocumentBand } from './DocumentBand.tsx'
import { ViewerLine } from './ViewerLine.tsx'

/**
 * The agreement and its Accept button: a real form posting to the acceptance route, which
 * answers 303 to the document asked for (works without JavaScript). The version read is posted
 * with it, so an agreement replaced meanwhile is shown again rather than accepted unread.
 */
export function AgreementForm({ agreement }: { agreement: AgreementPageData }) {
  return (
    // Read before anything else, in the same centred reading column as a Markdown document.
    <div className="document-reading">
      <DocumentBand eyebrow={`Agreement · ${agreement.retailerName}`} title="Before you open the documents">
        <ul className="document-meta">
          <li>Version {agreement.version}</li>
          <li>
            <ViewerLine verb="Accepting" viewer={agreement.viewer} />
          </li>
        </ul>
      </DocumentBand>
      <div className="document-body">
        <div className="container">
          <div className="agreement">
            <section className="agreement__text document-text" aria-label="Agreement text">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false writes every tag itself (server/documents/markdown.server.ts) */}
              <div dangerouslySetInnerHTML={{ __html: agreement.html }} />
            </section>
            <form className="agreement__form" method="post" action={AGREEMENT_ACCEPT_PATH}>
              <input type="hidden" name="retailer" value={agreement.retailer} />
              <input type="hidden" name="version" value={agreement.version} />
              {agreement.next ? <input type="hidden" name="next" value={agreement.next} /> : null}
              {/* One string: the HTML reads as the sentence, with no markers between its parts. */}
              <p>{`By accepting, you agree to these terms for the documents shared with you. ${acceptanceRecord(agreement.viewer)}`}</p>
              <button className="button button--accent" type="submit">
                Accept and continue
              </button>
            </form>
          </div>
        </div>
      </div>
    </div>
  )
}
