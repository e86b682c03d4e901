// The worker's side of view-only documents (decision 060): pages of a stamped PDF drawn to
// pictures with PDF.js (its legacy build, the one meant for Node) on @napi-rs/canvas, so that a
// viewer without download receives pictures of the pages, never the file. The watermark is in
// the picture because the stamped copy carries it. Runs only in the document worker processes
// (jobs/document-worker.server.ts), under their time and heap limits; PDF.js is loaded on the
// first such job, so a worker that only inspects uploads never pays for it.
import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { type PageShape, pageImageSize } from '../page-images/page-image-size.server.ts'

/** WebP quality and effort: text stays crisp, a typical page is tens of kilobytes, encoded fast. */
const WEBP = { quality: 82, effort: 2 } as const
/** The largest embedded image PDF.js decodes, in pixels: a bigger one is left out, not drawn. */
const MAX_IMAGE_PIXELS = 16_777_216

// One picture at a time per worker: no cache of libvips's, one thread of its.
sharp.cache(false)
sharp.concurrency(1)

const pdfjsFolder = () =>
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')) + path.sep

type OpenedPdf = Awaited<ReturnType<typeof openPdf>>

/**
 * The last PDF this worker opened, by its file's identity (each job names the same stamped copy
 * by a link of its own): a viewer's pages come one after another, and reading the file again for
 * each would cost more than drawing the page. One at a time, so the worker holds one PDF at most.
 */
let kept: { identity: string; pdf: Promise<OpenedPdf> } | undefined

async function keptPdf(file: string): Promise<OpenedPdf> {
  const { dev, ino, size } = await stat(file)
  const identity = `${dev}:${ino}:${size}`
  if (kept?.identity !== identity) {
    const previous = kept?.pdf
    const pdf = openPdf(file)
    kept = { identity, pdf }
    // A file that cannot be opened is not kept: the next job tries again.
    pdf.catch(() => {
      if (kept?.pdf === pdf) kept = undefined
    })
    await previous?.then((opened) => opened.destroy()).catch(() => {})
    return pdf
  }
  return kept.pdf
}

async function openPdf(file: string) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const folder = pdfjsFolder()
  return getDocument({
    data: new Uint8Array(await readFile(file)),
    // Fonts a PDF names but does not embed (the watermark's Helvetica among them), CJK encodings,
    // JPEG 2000 and JBIG2 decoders: from the package's own files, nothing from the network.
    standardFontDataUrl: path.join(folder, 'standard_fonts') + path.sep,
    cMapUrl: path.join(folder, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(folder, 'wasm') + path.sep,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  }).promise
}

/**
 * The shape of every page (PDF points, its rotation applied), in order; refuses more than
 * `maxPages` pages (the stored count was checked at upload: this only bounds the loop).
 */
export async function pageShapes(file: string, maxPages: number): Promise<PageShape[]> {
  const pdf = await keptPdf(file)
  if (pdf.numPages > maxPages) throw new Error(`more than ${maxPages} pages (DOCUMENT_MAX_PAGES)`)
  const shapes: PageShape[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const { width, height } = page.getViewport({ scale: 1 })
    shapes.push({ width, height })
    page.cleanup()
  }
  return shapes
}

/** Page `number` (from 1) drawn as a WebP picture at the size pageImageSize gives its shape. */
export async function renderPage(
  file: string,
  number: number,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const pdf = await keptPdf(file)
  if (!Number.isInteger(number) || number < 1 || number > pdf.numPages) {
    throw new Error(`no page ${number} in a PDF of ${pdf.numPages}`)
  }
  const page = await pdf.getPage(number)
  const base = page.getViewport({ scale: 1 })
  const size = pageImageSize(base)
  const { createCanvas } = await import('@napi-rs/canvas')
  const canvas = createCanvas(size.width, size.height)
  const context = canvas.getContext('2d')
  // A page without a background of its own is white on paper, not transparent.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport: page.getViewport({ scale: size.scale }),
  }).promise
  page.cleanup()
  // libvips encodes WebP in less time than the canvas's own encoder, at the same size.
  const bytes = await sharp(canvas.data(), { raw: { width: size.width, height: size.height, channels: 4 } })
    .webp(WEBP)
    .toBuffer()
  // The canvas's pixels are native memory the heap limit does not see, freed only when the
  // canvas is collected: shrunk now, so a worker drawing page after page holds one at most.
  canvas.width = 1
  canvas.height = 1
  return { bytes: new Uint8Array(bytes), width: size.width, height: size.height }
}
