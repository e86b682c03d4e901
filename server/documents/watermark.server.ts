// The watermark stamped into every served PDF (decision 031): the viewer (e-mail, or the code's
// label), the retailer and the date, drawn with pdf-lib across the middle of each page (faint,
// diagonal) and once more along its foot (small, legible in print). A standard font keeps the
// stamp small; characters that font cannot encode (WinAnsi) are written as "?".
import {
  concatTransformationMatrix,
  degrees,
  drawObject,
  drawText,
  grayscale,
  PDFDocument,
  type PDFFont,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from '@cantoo/pdf-lib'
import { type WatermarkText, watermarkLine } from './watermark-line.server.ts'

export { type WatermarkText, watermarkLine } from './watermark-line.server.ts'

function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((char) => (supported.has(char.codePointAt(0) ?? -1) ? char : '?')).join('')
}

interface Placement {
  x: number
  y: number
  size: number
  rotate: number
}

/** Where the two lines go on a page of this size: across the middle, and along the foot. */
function placements(font: PDFFont, line: string, width: number, height: number): [Placement, Placement] {
  const diagonal = Math.hypot(width, height)
  // As large as fits along the diagonal, within readable bounds.
  const size = Math.min(36, Math.max(8, (diagonal * 0.8) / Math.max(1, font.widthOfTextAtSize(line, 1))))
  const lineWidth = font.widthOfTextAtSize(line, size)
  const angle = Math.atan2(height, width)
  return [
    // Start so that the line's middle sits on the page's centre.
    {
      x: width / 2 - (Math.cos(angle) * lineWidth) / 2 + (Math.sin(angle) * size) / 2,
      y: height / 2 - (Math.sin(angle) * lineWidth) / 2 - (Math.cos(angle) * size) / 2,
      size,
      rotate: (angle * 180) / Math.PI,
    },
    { x: 12, y: 10, size: 7, rotate: 0 },
  ]
}

/**
 * The watermark for pages of one size, drawn once as a form XObject that each such page shows:
 * the stamp's cost and size grow with the number of page sizes, not of pages.
 */
function watermarkForm(pdf: PDFDocument, font: PDFFont, line: string, width: number, height: number): PDFRef {
  const [middle, foot] = placements(font, line, width, height)
  const encoded = font.encodeText(line)
  const draw = (at: Placement, gray: number, state: string) =>
    drawText(encoded, {
      color: grayscale(gray),
      font: 'F',
      size: at.size,
      rotate: degrees(at.rotate),
      xSkew: degrees(0),
      ySkew: degrees(0),
      x: at.x,
      y: at.y,
      graphicsState: state,
    })
  const form = pdf.context.formXObject([...draw(middle, 0.5, 'Faint'), ...draw(foot, 0.45, 'Foot')], {
    BBox: [0, 0, width, height],
    Resources: {
      Font: { F: font.ref },
      ExtGState: {
        Faint: { Type: 'ExtGState', ca: 0.18 },
        Foot: { Type: 'ExtGState', ca: 0.8 },
      },
    },
  })
  return pdf.context.register(form)
}

/** The PDF with the watermark on every page. The input was checked on upload (not encrypted). */
export async function watermarkPdf(bytes: Uint8Array, text: WatermarkText): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const line = encodable(font, watermarkLine(text))
  const forms = new Map<string, PDFRef>()
  for (const page of pdf.getPages()) {
    const box = page.getCropBox()
    const size = `${box.width}x${box.height}`
    let form = forms.get(size)
    if (!form) {
      form = watermarkForm(pdf, font, line, box.width, box.height)
      forms.set(size, form)
    }
    const name = page.node.newXObject('Watermark', form)
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(1, 0, 0, 1, box.x, box.y),
      drawObject(name),
      popGraphicsState(),
    )
  }
  return pdf.save()
}
