// The PDF viewer island's start, for the document page's +client.ts: `startPdfViewer()`.
// An island's component takes no props (components/islands/README.md); this one's document is
// read back from the data attributes PdfViewer wrote into the server's HTML, so the browser
// hydrates exactly the tree the server rendered.
import { createElement } from 'react'
import { startIsland } from '../../islands/start-island.ts'
import { PDF_VIEWER_ISLAND, type PdfViewerProps } from './pdf-viewer-props.ts'

/** The viewer's document, from its element's data attributes; null when one is missing or malformed. */
export function readPdfViewerProps(element: HTMLElement | null): PdfViewerProps | null {
  const data = element?.dataset
  const version = Number(data?.version)
  const pages = Number(data?.pages)
  if (
    !data?.documentId ||
    !data.fileUrl ||
    !data.viewToken ||
    !Number.isInteger(version) ||
    !Number.isInteger(pages)
  )
    return null
  return {
    documentId: data.documentId,
    version,
    pages,
    fileUrl: data.fileUrl,
    title: data.title ?? '',
    viewToken: data.viewToken,
  }
}

export function startPdfViewer(): void {
  startIsland(PDF_VIEWER_ISLAND, async () => {
    const element = document.querySelector<HTMLElement>(
      `[data-island="${PDF_VIEWER_ISLAND}"] [data-pdf-viewer]`,
    )
    const props = readPdfViewerProps(element)
    // The island is then marked failed and the server's fallback stays: the PDF opens in the browser.
    if (!props) throw new Error('the PDF viewer has no document')
    const { PdfViewer } = await import('./PdfViewer.tsx')
    return function BoundPdfViewer() {
      return createElement(PdfViewer, props)
    }
  })
}
