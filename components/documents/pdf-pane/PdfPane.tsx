// The data room's PDF viewer (an island: components/islands/README.md). The server renders the
// HTML-first fallback: the browser's own PDF viewer in an <object> inside <noscript>, with a link
// to the file when it has none, and the document's identity in data attributes
// (start-pdf-viewer.ts reads them). With scripting the <object> is never parsed (a hidden one
// may still load the file: a second stamped download); a placeholder stands in until the island
// hydrates, and offers the link if the island fails to load. Once hydrated, PDF.js draws the
// pages (PdfPages).
import { useHydrated } from 'vike-react/useHydrated'
import { PdfPages } from './PdfPages.tsx'
import type { PdfViewerProps } from './pdf-viewer-props.ts'

const pagesText = (pages: number) => `${pages} page${pages === 1 ? '' : 's'}`

export function PdfViewer(props: PdfViewerProps) {
  const { documentId, version, pages, fileUrl, title, viewToken } = props
  const hydrated = useHydrated()
  return (
    <div
      className="pdf-viewer"
      data-pdf-viewer=""
      data-document-id={documentId}
      data-version={version}
      data-pages={pages}
      data-file-url={fileUrl}
      data-title={title}
      data-view-token={viewToken}
    >
      {hydrated ? (
        <PdfPages {...props} fallback={<PdfFallback {...props} />} />
      ) : (
        <>
          <div className="pdf-viewer__placeholder">
            <p className="pdf-viewer__loading" aria-hidden="true">
              Loading {title || 'the document'}…
            </p>
            <p className="pdf-viewer__unavailable">
              The viewer could not load. <FileLink {...props} />
            </p>
          </div>
          <noscript>
            <PdfFallback {...props} />
          </noscript>
        </>
      )}
    </div>
  )
}

function PdfFallback({ fileUrl, title, pages }: PdfViewerProps) {
  return (
    <object className="pdf-viewer__object" data={fileUrl} type="application/pdf" aria-label={title}>
      <p className="pdf-viewer__message">
        This browser cannot show the PDF on the page.{' '}
        <FileLink fileUrl={fileUrl} title={title} pages={pages} />
      </p>
    </object>
  )
}

function FileLink({ fileUrl, title, pages }: Pick<PdfViewerProps, 'fileUrl' | 'title' | 'pages'>) {
  return (
    <a href={fileUrl}>
      Open {title ? `“${title}”` : 'the document'} (PDF, {pagesText(pages)})
    </a>
  )
}
