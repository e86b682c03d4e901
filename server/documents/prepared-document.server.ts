// What the document checks produce: a document's figures and the bytes to store. A module of its
// own so that the Markdown path (validate.server.ts) and the PDF path (pdf-prepare.server.ts, loaded
// only in the document worker) share it without importing each other.
import { createHash } from 'node:crypto'

export type DocumentKind = 'pdf' | 'markdown'

export interface InspectedDocument {
  kind: DocumentKind
  size: number
  /** Hex SHA-256 of the bytes. */
  sha256: string
  /** PDF: pages; null for Markdown. */
  pages: number | null
  /** Markdown: words; null for PDF. */
  words: number | null
}

/** A document ready to store: its figures, the bytes to store and, for Markdown, its HTML. */
export interface PreparedDocument extends InspectedDocument {
  /** What is stored: the upload, or the PDF without its active content. */
  bytes: Uint8Array
  /** Markdown: the HTML shown to viewers (rendered once per version); null for PDF. */
  html: string | null
  /** What was removed from a PDF ("OpenAction", "Launch action"…); empty when nothing was. */
  removed: string[]
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
