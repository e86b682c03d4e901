import { DOCUMENTS_PATH } from '../../lib/access.ts'
import type { DocumentPageData } from '../../lib/documents.ts'
import { Island } from '../islands/Island.tsx'
import { PdfPane } from './pdf-pane/PdfPane.tsx'
import { PDF_PANE_ISLAND } from './pdf-pane/pdf-pane-props.ts'

/**
 * A PDF of the data room, stamped for this viewer by the server: without JavaScript the browser's
 * own viewer shows it (PdfPane's fallback); with it, the PDF pane island draws the pages and
 * reports reading time per page (components/documents/pdf-pane/README.md).
 */
export function PdfDocument({ document }: { document: DocumentPageData }) {
  return (
    <div className="pdf-document">
      <Island name={PDF_PANE_ISLAND}>
        <PdfPane
          documentId={document.id}
          version={document.version}
          pages={document.pages ?? 1}
          fileUrl={document.fileUrl ?? `${DOCUMENTS_PATH}/${document.id}/file`}
          title={document.title}
          viewToken={document.viewToken}
        />
      </Island>
      <p className="pdf-pane__note">Your copy carries the watermark “{document.watermark}”.</p>
    </div>
  )
}
