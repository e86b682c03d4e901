// PDF.js in the browser, loaded only once the pane has hydrated (never in a page's first load,
// never on the server). Its worker is a file of its own that Vite copies with a hashed name
// (`?url`), started as a module worker from our origin (the CSP's worker-src 'self').
import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

GlobalWorkerOptions.workerSrc = workerUrl

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist'

/**
 * Starts loading the PDF at `url` (same origin: the grant cookie goes with it).
 * One request for the whole file: the server stamps the watermark into the file it serves, so
 * PDF.js's range requests would each cost a stamp of the whole document. No eval (the CSP has
 * no 'unsafe-eval'), no XFA forms.
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({ url, disableRange: true, isEvalSupported: false, enableXfa: false })
}
