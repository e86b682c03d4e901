// The size of a view-only document's page pictures (decision 060): one size per page, wide
// enough for the document column on a HiDPI screen, bounded in pixels so that a tall or huge
// page costs the worker a bounded canvas. The worker draws at it; the page's <img> carries it as
// width and height, so the browser reserves each page's box before its picture arrives.
import { canvasSize } from '../../../lib/documents/canvas-size.ts'

/** A page's width and height in PDF points, its rotation applied. */
export interface PageShape {
  width: number
  height: number
}

/** Pixels across a page's picture: an A4 page at 150 dpi, sharp in the document column and on a 3x phone. */
export const PAGE_IMAGE_WIDTH = 1240
/** Pixels in one picture at most (an A4 page at PAGE_IMAGE_WIDTH is about 2.2 million). */
export const PAGE_IMAGE_MAX_PIXELS = 2_500_000

export function pageImageSize(shape: PageShape): { width: number; height: number; scale: number } {
  return canvasSize(shape.width, shape.height, PAGE_IMAGE_WIDTH, 1, PAGE_IMAGE_MAX_PIXELS)
}
