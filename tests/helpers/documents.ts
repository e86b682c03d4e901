// Real PDFs for the data room's tests, made with pdf-lib, and their text read back with pdfjs-dist
// (Mozilla's PDF.js, a different parser than the one that wrote them): what a reader would see.
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF of `pages` pages, each saying "Page n of <title>"; `paddingBytes` of random bytes attached
 * (incompressible) make a large file of the same pages.
 */
export async function makePdf(pages: number, title = 'Test document', paddingBytes = 0): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= pages; n++) {
    pdf.addPage([595, 842]).drawText(`Page ${n} of ${title}`, { x: 72, y: 760, size: 14, font })
  }
  if (paddingBytes > 0) await pdf.attach(randomBytes(paddingBytes), 'padding.bin')
  return pdf.save()
}

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/**
 * Per page, where PDF.js finds `line` (the origin of each text item holding it, in the page's
 * space) and the page's visible box ([x1, y1, x2, y2]).
 */
export async function pdfLinePlaces(
  bytes: Uint8Array,
  line: string,
): Promise<{ box: number[]; at: [number, number][] }[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise
  try {
    const pages: { box: number[]; at: [number, number][] }[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const items = (await page.getTextContent()).items.filter(
        (item) => 'str' in item && item.str.includes(line),
      )
      pages.push({
        box: page.view,
        at: items.map((item) =>
          'transform' in item ? [item.transform[4], item.transform[5]] : [Number.NaN, Number.NaN],
        ),
      })
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

/** The text of each page, as PDF.js extracts it. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise
  try {
    const texts: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''))
    }
    return texts
  } finally {
    await pdf.destroy()
  }
}
