// The PDF the document-load run opens: generated on the fly (no committed binaries), a deck of
// text pages as an admin would upload one, so stamping it does a real document's work: parse
// every page's objects, draw the watermark twice on each, write the whole file again.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'

const LINES_PER_PAGE = 40

export async function benchPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([612, 792])
    page.drawText(`Section ${n}: delivery economics`, { x: 56, y: 730, size: 18, font })
    for (let line = 0; line < LINES_PER_PAGE; line++) {
      page.drawText(
        `Line ${line + 1} of page ${n}: route ${(n * 37 + line) % 97}, drops per hour, cost per order.`,
        {
          x: 56,
          y: 700 - line * 15,
          size: 10,
          font,
        },
      )
    }
  }
  return pdf.save()
}
