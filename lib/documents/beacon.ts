// The reading beacon: what the browser sends with navigator.sendBeacon when the viewer leaves a
// page of a document or the tab (components/documents/reading), and the server adds to the
// document's engagement (server/routes/api/document-beacons.server.ts). No cookie beyond the
// grant: the viewer is whoever the grant names.
import type { PageReport } from './reading-clock.ts'

export const BEACON_PATH = '/api/documents/beacon'

export interface DocumentBeacon {
  documentId: string
  version: number
  /** 0: the document as a whole (Markdown); n: PDF page n. */
  page: number
  /** Whole seconds since this page's last beacon. */
  seconds: number
  /** The page became the current one since its last beacon. */
  shown?: boolean
  /** The view's signed token, from the page (decision 034): beacons without a valid one are ignored. */
  token: string
}

/** The body of one beacon: short JSON, sent as text/plain (sendBeacon's string type, no preflight). */
export const beaconBody = (
  document: { documentId: string; version: number; viewToken: string },
  report: PageReport,
): string =>
  JSON.stringify({
    documentId: document.documentId,
    version: document.version,
    page: report.page,
    seconds: report.seconds,
    ...(report.shown ? { shown: true } : {}),
    token: document.viewToken,
  } satisfies DocumentBeacon)
