// What the PDF pane shows, shared by the server's render (PdfPane) and the island's start.

/** The island's name: `<Island name={PDF_PANE_ISLAND}>`. */
export const PDF_PANE_ISLAND = 'pdf-pane'

export interface PdfPaneProps {
  documentId: string
  /** The version being shown: reading time is counted against it. */
  version: number
  /** Pages of that version (the stored count; PDF.js's own count wins once the file is read). */
  pages: number
  /** The stamped file (`/docket/documents/<id>/file`). */
  fileUrl: string
  title: string
  /** The view's signed token, sent back with reading beacons. */
  viewToken: string
}
