// The data room's PDF pane (an island: components/islands/README.md). The server renders the
// HTML-first fallback: the browser's own PDF viewer in an <object> inside <noscript>, with a link
// to the file when it has none, and the document's identity in data attributes
// (start-pdf-pane.ts reads them). With scripting the <object> is never parsed (a hidden one
// may still load the file: a second stamped download); a placeholder stands in until the island
// hydrates, and offers the link if the island fails to load. Once hydrated, PDF.js draws the
// pages (PdfPages).
import { useHydrated } from 'vike-react/useHydrated'
import { PdfPages } from './PdfPages.tsx'
import type { PdfPaneProps } from './pdf-pane-props.ts'

const pagesText = (pages: number) => `${pages} page${pages === 1 ? '' : 's'}`

export function PdfPane(props: PdfPaneProps) {
  const { documentId, version, pages, fileUrl, title, viewToken } = props
  const hydrated = useHydrated()
  return (
    <div
      className="pdf-pane"
      data-pdf-pane=""
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
          <div className="pdf-pane__placeholder">
            <p className="pdf-pane__loading" aria-hidden="true">
              Loading {title || 'the document'}…
            </p>
            <p className="pdf-pane__unavailable">
              The pages could not load. <FileLink {...props} />
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

function PdfFallback({ fileUrl, title, pages }: PdfPaneProps) {
  return (
    <object className="pdf-pane__object" data={fileUrl} type="application/pdf" aria-label={title}>
      <p className="pdf-pane__message">
        This browser cannot show the PDF on the page.{' '}
        <FileLink fileUrl={fileUrl} title={title} pages={pages} />
      </p>
    </object>
  )
}

function FileLink({ fileUrl, title, pages }: Pick<PdfPaneProps, 'fileUrl' | 'title' | 'pages'>) {
  return (
    <a href={fileUrl}>
      Open {title ? `“${title}”` : 'the document'} (PDF, {pagesText(pages)})
    </a>
  )
}
