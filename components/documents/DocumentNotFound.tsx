import { DOCKET_PATH } from '../../lib/access.ts'
import { DOCUMENT_NOT_FOUND_TITLE } from '../../lib/documents.ts'
import { DocumentBand } from './DocumentBand.tsx'

// A document page that is not available to a signed-in viewer (missing, removed, another
// partner's, or a made-up id: one answer, 404 like any unknown path) inside the data room's own
// design, with the way back to the docket and the way out.
export function DocumentNotFound() {
  return (
    <DocumentBand eyebrow="Data room" title={DOCUMENT_NOT_FOUND_TITLE}>
      <p className="document-head__lede">
        It may have been removed, or it was never shared with you. Your documents are on the docket.
      </p>
      <div className="document-head__actions button-row">
        <a className="button button--accent" href={DOCKET_PATH}>
          Back to the docket
        </a>
      </div>
    </DocumentBand>
  )
}
