import { DOCUMENTS_PATH } from '../../lib/access.ts'
import type { DocumentPageData } from '../../lib/documents.ts'
import { Island } from '../islands/Island.tsx'
import { PdfViewer } from './pdf-viewer/PdfViewer.tsx'
import { PDF_VIEWER_ISLAND } from './pdf-viewer/pdf-viewer-props.ts'

/**
 * A PDF of the data room, stamped for this viewer by the server: without JavaScript the browser's
 * own viewer shows it (PdfViewer's fallback); with it, the viewer island draws the pages and
 * reports reading time per page (components/documents/pdf-viewer/README.md).
 */
export function PdfDocument({ document }: { document: DocumentPageData }) {
  return (
    <div className="pdf-document">
      <Island name={PDF_VIEWER_ISLAND}>
        <PdfViewer
          documentId={document.id}
          version={document.version}
          pages={document.pages ?? 1}
          fileUrl={document.fileUrl ?? `${DOCUMENTS_PATH}/${document.id}/file`}
          title={document.title}
          viewToken={document.viewToken}
        />
      </Island>
      <p className="pdf-viewer__note">Your copy carries the watermark “{document.watermark}”.</p>
    </div>
  )
}
