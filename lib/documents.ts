// The data room's addresses and the rules the pages and routes share (decision 031): where a
// document, its bytes and the agreement live, and which `next` an agreement may send a viewer
// back to. Names only; what a viewer may open is decided on the server alone.
import { AGREEMENT_PATH, DOCUMENTS_PATH } from './access.ts'
import type { ViewerIdentity } from './documents/viewer-identity.ts'
import type { PartnerSlug } from './partners.ts'

/** POST target of the agreement's Accept button (an HTML form, JSON too). */
export const AGREEMENT_ACCEPT_PATH = '/api/documents/agreement'

export const documentPath = (id: string) => `${DOCUMENTS_PATH}/${id}`
export const documentFilePath = (id: string) => `${DOCUMENTS_PATH}/${id}/file`
/** Page `page` (from 1) of a view-only document, as a picture. */
export const documentPageImagePath = (id: string, page: number) => `${DOCUMENTS_PATH}/${id}/pages/${page}`
/** The file as a download: recorded as its own event (decision 034). */
export const documentDownloadPath = (id: string) => `${documentFilePath(id)}?download=1`

const DOCUMENT_PAGE = new RegExp(`^${DOCUMENTS_PATH}/[0-9a-f]{32}$`)

/**
 * Where an accepted agreement may send the viewer: a document's page and nothing else, so the
 * parameter cannot become an open redirect (no other host, scheme, path or query gets through).
 */
export function safeAgreementNext(next: unknown): string | undefined {
  return typeof next === 'string' && DOCUMENT_PAGE.test(next) ? next : undefined
}

/** The abort reason of a document that cannot be shown now (its job went over a limit): a 503 page. */
export const DOCUMENT_UNAVAILABLE = 'document-unavailable'
export const DOCUMENT_UNAVAILABLE_TITLE = 'This document cannot be shown right now'
/**
 * The abort reason of a document page a signed-in viewer cannot open (404, as an unknown path):
 * the error page shows it in the data room's design, with the way back to the docket.
 */
export const DOCUMENT_NOT_FOUND = 'document-not-found'
export const DOCUMENT_NOT_FOUND_TITLE = 'This document is not available'

export const agreementUrl = (next: string) => `${AGREEMENT_PATH}?${new URLSearchParams({ next })}`

/** What a document stored knowingly public says instead of naming a viewer (issue 35). */
export const SHARED_OPENLY = 'Shared openly'

/** The grant through which a viewer may open a document: one for the document's retailer. */
export const viewerOf = <V extends { retailer: PartnerSlug }>(
  document: { retailer: string },
  viewers: readonly V[],
): V | undefined => viewers.find((grant) => grant.retailer === document.retailer)

/** A document as the /docket list shows it. */
export interface DocketDocument {
  id: string
  retailer: PartnerSlug
  /** The partner's display name (the list names it when a viewer holds several grants). */
  retailerName: string
  title: string
  kind: 'pdf' | 'markdown'
  updatedAt: Date
  /** PDF: its pages. */
  pages: number | null
  /** Markdown: minutes to read it. */
  readingMinutes: number | null
  /** Shared openly: its gate takes no code, and the admin stored it knowingly public. */
  public: boolean
}

/** One page of a view-only document: the picture's address and size. */
export interface PageImageLink {
  url: string
  width: number
  height: number
}

/** What a document's page shows: the document, and the watermark line naming its viewer. */
export interface DocumentPageData extends DocketDocument {
  version: number
  /** Who is viewing ("Viewing as …"; a document shared openly says so instead). */
  viewer: ViewerIdentity
  /** "viewer · retailer · date", drawn over the document (and stamped into a PDF's bytes). */
  watermark: string
  /** Markdown: the HTML the server rendered (raw HTML off). */
  html: string | null
  /** PDF with download: the stamped file; null for a view-only PDF (never sent: its pageImages are). */
  fileUrl: string | null
  /** View-only PDF: its pages as pictures, each with its size in pixels; null otherwise. */
  pageImages: PageImageLink[] | null
  /** The file may be saved (the Download button); false: shown inline only. */
  download: boolean
  /** Signed token of this view: the reading beacons send it back (decision 034). */
  viewToken: string
}

/** What the agreement page shows, and where its form sends the viewer afterwards. */
export interface AgreementPageData {
  retailer: PartnerSlug
  retailerName: string
  version: number
  html: string
  /** The document the viewer asked for (a checked path), else null. */
  next: string | null
  /** Who is accepting ("Accepting as …"). */
  viewer: ViewerIdentity
}

declare global {
  namespace Vike {
    interface PageContext {
      /** /docket: the documents of the retailers whose grants opened it (server render only). */
      docketDocuments?: readonly DocketDocument[]
      /** /docket: true when the documents could not be read (the rest of the docket still shows). */
      docketDocumentsUnavailable?: boolean
      /** A document's page (server render only; never passed to the browser). */
      documentPage?: DocumentPageData
      /** The agreement page (server render only). */
      agreementPage?: AgreementPageData
    }
  }
}
