// The shape checks a PDF passes before it is stored (issue 34): bounds on its objects and on how
// deep they nest, its pages counted by walking the page tree once (a node reached twice is
// refused, never expanded: a 4 KB file can otherwise name one page 90,000 times), a page limit,
// and a size (MediaBox) on every page, which the watermark is drawn against.
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib'
import { DocumentRejected } from '../rejected.server.ts'

/** Objects a stored PDF may hold: far above a long report, far below what exhausts a worker. */
export const MAX_PDF_OBJECTS = 500_000
/** Arrays and dictionaries inside one another: real files stay within a handful. */
export const MAX_PDF_NESTING = 64

/** Direct children of an object: what an array or a dictionary holds (a stream's dictionary). */
function children(object: PDFObject): PDFObject[] {
  if (object instanceof PDFArray) return object.asArray()
  if (object instanceof PDFDict) return object.values()
  if (object instanceof PDFStream) return object.dict.values()
  return []
}

/** Refuses a PDF with too many objects, or arrays and dictionaries nested deeper than the bound. */
export function checkObjects(pdf: PDFDocument, fileName: string): void {
  const objects = pdf.context.enumerateIndirectObjects()
  if (objects.length > MAX_PDF_OBJECTS) {
    throw new DocumentRejected(
      `${fileName} holds ${objects.length} PDF objects; the limit is ${MAX_PDF_OBJECTS}.`,
    )
  }
  for (const [, object] of objects) {
    // Iterative: a hostile nesting must not exhaust the stack before the bound is seen.
    const stack: [PDFObject, number][] = [[object, 1]]
    while (stack.length > 0) {
      const [current, depth] = stack.pop() as [PDFObject, number]
      if (depth > MAX_PDF_NESTING) {
        throw new DocumentRejected(
          `${fileName} nests PDF objects more than ${MAX_PDF_NESTING} deep; the limit is ${MAX_PDF_NESTING}.`,
        )
      }
      for (const child of children(current)) stack.push([child, depth + 1])
    }
  }
}

const PAGES = PDFName.of('Pages')
const KIDS = PDFName.of('Kids')
const TYPE = PDFName.of('Type')
const MEDIA_BOX = PDFName.of('MediaBox')
const PARENT = PDFName.of('Parent')

/** A page's MediaBox, its own or inherited from the page tree above it. */
function hasMediaBox(pdf: PDFDocument, page: PDFDict): boolean {
  let node: PDFDict | undefined = page
  for (let depth = 0; node && depth <= MAX_PDF_NESTING; depth++) {
    if (pdf.context.lookup(node.get(MEDIA_BOX)) instanceof PDFArray) return true
    node = pdf.context.lookupMaybe(node.get(PARENT), PDFDict)
  }
  return false
}

/**
 * The number of pages, walking the page tree once. Refuses a tree that reaches one node twice,
 * one with more than `maxPages` pages (DOCUMENT_MAX_PAGES), and a page without a size.
 */
export function countPages(pdf: PDFDocument, fileName: string, maxPages: number): number {
  const unreadable = () => new DocumentRejected(`${fileName} starts like a PDF but cannot be read as one.`)
  const root = pdf.catalog.get(PAGES)
  if (!(root instanceof PDFRef)) throw unreadable()
  const seen = new Set<string>()
  const stack: PDFObject[] = [root]
  let pages = 0
  while (stack.length > 0) {
    const ref = stack.pop()
    if (!(ref instanceof PDFRef)) throw unreadable()
    if (seen.has(ref.tag)) {
      throw new DocumentRejected(
        `${fileName} has a malformed page tree: it uses the same part more than once (a PDF built to exhaust readers).`,
      )
    }
    seen.add(ref.tag)
    const node = pdf.context.lookupMaybe(ref, PDFDict)
    if (!node) throw unreadable()
    const kids = pdf.context.lookupMaybe(node.get(KIDS), PDFArray)
    if (node.get(TYPE) === PDFName.of('Page') || !kids) {
      pages += 1
      if (pages > maxPages) {
        throw new DocumentRejected(
          `${fileName} has more than ${maxPages} pages; the limit is ${maxPages} (DOCUMENT_MAX_PAGES).`,
        )
      }
      if (!hasMediaBox(pdf, node)) {
        throw new DocumentRejected(
          `${fileName}: page ${pages} has no size (MediaBox), so the watermark cannot be stamped on it. Export the PDF again from its source.`,
        )
      }
      continue
    }
    // Reversed, so pages are counted in reading order (the MediaBox refusal names the right one).
    for (const kid of kids.asArray().toReversed()) stack.push(kid)
  }
  if (pages < 1) throw new DocumentRejected(`${fileName} is a PDF without pages.`)
  return pages
}
