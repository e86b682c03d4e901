// The watermark stamped into every served PDF (decision 031): the viewer (e-mail, or the code's
// label), the retailer and the date, drawn with pdf-lib across the middle of each page (faint,
// diagonal) and once more along its foot (small, legible in print). A standard font keeps the
// stamp small; characters that font cannot encode (WinAnsi) are written as "?".
import { degrees, grayscale, PDFDocument, type PDFFont, StandardFonts } from '@cantoo/pdf-lib'

export interface WatermarkText {
  /** E-mail of the viewer, or the label (or id) of the code that opened the document. */
  viewer: string
  /** The retailer's name, as the gates show it. */
  retailer: string
  /** The day of the view. */
  date: Date
}

/** The one line every stamp carries, e.g. "dana@circlek.com · Circle K · 2026-11-25". */
export function watermarkLine(text: WatermarkText): string {
  return `${text.viewer} · ${text.retailer} · ${text.date.toISOString().slice(0, 10)}`
}

function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((char) => (supported.has(char.codePointAt(0) ?? -1) ? char : '?')).join('')
}

/** The PDF with the watermark on every page. The input was checked on upload (not encrypted). */
export async function watermarkPdf(bytes: Uint8Array, text: WatermarkText): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const line = encodable(font, watermarkLine(text))
  for (const page of pdf.getPages()) {
    const box = page.getCropBox()
    const diagonal = Math.hypot(box.width, box.height)
    // As large as fits along the diagonal, within readable bounds.
    const size = Math.min(36, Math.max(8, (diagonal * 0.8) / Math.max(1, font.widthOfTextAtSize(line, 1))))
    const width = font.widthOfTextAtSize(line, size)
    const angle = Math.atan2(box.height, box.width)
    // Start so that the line's middle sits on the page's centre.
    page.drawText(line, {
      x: box.x + box.width / 2 - (Math.cos(angle) * width) / 2 + (Math.sin(angle) * size) / 2,
      y: box.y + box.height / 2 - (Math.sin(angle) * width) / 2 - (Math.cos(angle) * size) / 2,
      size,
      font,
      color: grayscale(0.5),
      opacity: 0.18,
      rotate: degrees((angle * 180) / Math.PI),
    })
    const footSize = 7
    page.drawText(line, {
      x: box.x + 12,
      y: box.y + 10,
      size: footSize,
      font,
      color: grayscale(0.45),
      opacity: 0.8,
    })
  }
  return pdf.save()
}
