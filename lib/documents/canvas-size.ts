// The size of the canvas a PDF page is drawn on: as wide as its box on screen, sharp on HiDPI
// screens (device pixels, not CSS pixels), but never larger than a browser will allocate (iOS
// refuses canvases over about 16.7 million pixels and draws nothing), so a tall page on a
// 3x phone gets fewer pixels rather than a blank box.

/** Device pixels per canvas, under the smallest limit browsers enforce. */
export const MAX_CANVAS_PIXELS = 16_777_216
/** Beyond 3x, sharper is invisible and costs memory. */
export const MAX_PIXEL_RATIO = 3

export interface CanvasSize {
  /** Canvas width and height in device pixels. */
  width: number
  height: number
  /** Scale to hand PDF.js: device pixels per PDF point. */
  scale: number
}

/**
 * `pageWidth` × `pageHeight` in PDF points, drawn `cssWidth` CSS pixels wide at `pixelRatio`
 * device pixels per CSS pixel.
 */
export function canvasSize(
  pageWidth: number,
  pageHeight: number,
  cssWidth: number,
  pixelRatio: number,
  maxPixels = MAX_CANVAS_PIXELS,
): CanvasSize {
  if (!(pageWidth > 0 && pageHeight > 0 && cssWidth > 0)) return { width: 0, height: 0, scale: 0 }
  const ratio = Math.min(MAX_PIXEL_RATIO, Math.max(1, Number.isFinite(pixelRatio) ? pixelRatio : 1))
  let scale = (cssWidth * ratio) / pageWidth
  const pixels = pageWidth * scale * (pageHeight * scale)
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels)
  return {
    width: Math.max(1, Math.floor(pageWidth * scale)),
    height: Math.max(1, Math.floor(pageHeight * scale)),
    scale,
  }
}
