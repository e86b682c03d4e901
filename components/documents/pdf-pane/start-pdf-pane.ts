// The PDF pane island's start, for the document page's +client.ts: `startPdfPane()`.
// An island's component takes no props (components/islands/README.md); this one's document is
// read back from the data attributes PdfPane wrote into the server's HTML, so the browser
// hydrates exactly the tree the server rendered.
import { createElement } from 'react'
import { startIsland } from '../../islands/start-island.ts'
import { PDF_PANE_ISLAND, type PdfPaneProps } from './pdf-pane-props.ts'

/** The pane's document, from its element's data attributes; null when one is missing or malformed. */
export function readPdfPaneProps(element: HTMLElement | null): PdfPaneProps | null {
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

export function startPdfPane(): void {
  startIsland(PDF_PANE_ISLAND, async () => {
    const element = document.querySelector<HTMLElement>(`[data-island="${PDF_PANE_ISLAND}"] [data-pdf-pane]`)
    const props = readPdfPaneProps(element)
    // The island is then marked failed and the server's fallback stays: the PDF opens in the browser.
    if (!props) throw new Error('the PDF pane has no document')
    const { PdfPane } = await import('./PdfPane.tsx')
    return function BoundPdfPane() {
      return createElement(PdfPane, props)
    }
  })
}
