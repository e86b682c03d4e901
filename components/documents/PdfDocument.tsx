import type { DocumentPageData } from '../../lib/documents.ts'

/**
 * A PDF in the browser's own viewer, which needs no JavaScript; the file is stamped for this
 * viewer by the server. The wrapper is the mount point of the JavaScript viewer
 * (components/documents/pdf-viewer): it finds `[data-pdf-viewer]`, reads the data attributes
 * (document id, version, page count, the file's URL) and may replace the <object> inside.
 */
export function PdfDocument({ document }: { document: DocumentPageData }) {
  const fileUrl = document.fileUrl ?? ''
  return (
    <div
      className="pdf-viewer"
      data-pdf-viewer=""
      data-document-id={document.id}
      data-version={document.version}
      data-pages={document.pages ?? 0}
      data-file-url={fileUrl}
    >
      <object
        className="pdf-viewer__frame"
        data={fileUrl}
        type="application/pdf"
        aria-label={`${document.title} (PDF)`}
      >
        <div className="pdf-viewer__fallback">
          <p>
            This browser does not show PDFs inside the page.{' '}
            <a href={fileUrl}>Open “{document.title}” (PDF)</a>
          </p>
        </div>
      </object>
      <p className="pdf-viewer__note">Your copy carries the watermark “{document.watermark}”.</p>
    </div>
  )
}
