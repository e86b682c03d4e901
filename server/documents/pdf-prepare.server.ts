// A PDF upload made ready to store (validate.server.ts's inspectDocument loads this module for a
// PDF): read by pdf-lib, bounded, cleaned of active content and test-stamped. A module of its own
// so that pdf-lib loads only where documents are prepared (decision 064).
import { PDFDocument } from '@cantoo/pdf-lib'
import { stripActiveContent } from './jobs/active-content.server.ts'
import { checkInflatedSize } from './jobs/inflated-size.server.ts'
import { checkObjects, countPages } from './jobs/pdf-structure.server.ts'
import { type PreparedDocument, sha256Of } from './prepared-document.server.ts'
import { DocumentRejected } from './rejected.server.ts'
import { watermarkPdf } from './watermark.server.ts'

/** Loads, bounds, cleans and test-stamps a PDF: what is stored is what views will stamp. */
export async function preparePdf(
  bytes: Uint8Array,
  fileName: string,
  maxPages: number,
  maxInflatedBytes: number,
): Promise<PreparedDocument> {
  const encrypted = () =>
    new DocumentRejected(
      `${fileName} is an encrypted PDF: the server cannot stamp its watermark into it. Save it without a password first.`,
    )
  let pdf: PDFDocument
  try {
    // throwOnInvalidObject: a file that only starts like a PDF is refused, not half-read.
    // ignoreEncryption, then isEncrypted: the library's own error class fails instanceof.
    pdf = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    })
  } catch {
    // An encrypted file's objects do not read as plain ones: a lenient read says whether that is why.
    if (await isEncryptedPdf(bytes)) throw encrypted()
    throw new DocumentRejected(`${fileName} starts like a PDF but cannot be read as one.`)
  }
  if (pdf.isEncrypted) throw encrypted()
  let pages: number
  let removed: string[]
  try {
    checkObjects(pdf, fileName)
    pages = countPages(pdf, fileName, maxPages)
    await checkInflatedSize(pdf, fileName, maxInflatedBytes)
    removed = stripActiveContent(pdf)
  } catch (error) {
    if (error instanceof DocumentRejected) throw error
    // A file with a PDF header whose objects do not make a document (no catalog, no page tree).
    throw new DocumentRejected(`${fileName} starts like a PDF but cannot be read as one.`)
  }
  const stored = removed.length > 0 ? await pdf.save({ updateFieldAppearances: false }) : bytes
  try {
    // The stamp every view makes, made once here: a PDF that would fail at view time fails now.
    await watermarkPdf(stored, { viewer: 'upload check', retailer: 'RM5', date: new Date(0) })
  } catch {
    throw new DocumentRejected(
      `${fileName}: the watermark cannot be stamped on its pages. Export the PDF again from its source.`,
    )
  }
  return {
    kind: 'pdf',
    size: stored.length,
    sha256: sha256Of(stored),
    pages,
    words: null,
    bytes: stored,
    html: null,
    removed,
  }
}

async function isEncryptedPdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const lenient = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true })
    return lenient.isEncrypted
  } catch {
    return false
  }
}
