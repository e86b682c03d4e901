// Everything checked before a document is stored (decisions 031 and 034): its size; its type (a
// PDF by its content; Markdown when its name ends .md or .markdown and it is UTF-8 text); that a
// PDF parses, is not encrypted, stays within the object, nesting and page bounds and can be
// stamped on every page; that Markdown renders within a bounded size; and the title. Active
// content is removed from a PDF before it is stored. A refusal says what is wrong in one sentence
// an admin can act on. This runs in a worker process (jobs/document-jobs.server.ts), never on the
// thread that answers requests.
import type { DocumentLimits } from './limits.server.ts'
import { renderMarkdown } from './markdown.server.ts'
import {
  type DocumentKind,
  type InspectedDocument,
  type PreparedDocument,
  sha256Of,
} from './prepared-document.server.ts'
import { DocumentRejected } from './rejected.server.ts'
import { MAX_TITLE_LENGTH, titleSchema } from './title.server.ts'

export type { DocumentKind, InspectedDocument, PreparedDocument }

export const DOCUMENT_EXTENSION: Record<DocumentKind, string> = { pdf: 'pdf', markdown: 'md' }

export { DocumentRejected, MAX_TITLE_LENGTH }

/** Rendered Markdown kept per version: a document past this is a bomb, not a text to read. */
export const MAX_MARKDOWN_HTML_BYTES = 8 * 1024 * 1024

/** The title, trimmed, or a DocumentRejected saying why not. */
export function checkTitle(title: string): string {
  const parsed = titleSchema.safeParse(title)
  if (!parsed.success) throw new DocumentRejected(parsed.error.issues[0]?.message ?? 'Invalid title.')
  return parsed.data
}

const PDF_MAGIC = Buffer.from('%PDF-')

/** Well-known signatures of files that are not documents, to name them in the refusal. */
const SIGNATURES: [bytes: number[], what: string][] = [
  [[0x4d, 0x5a], 'a Windows program (MZ)'],
  [[0x7f, 0x45, 0x4c, 0x46], 'a Linux program (ELF)'],
  [[0xcf, 0xfa, 0xed, 0xfe], 'a macOS program (Mach-O)'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (or an Office file)'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Office file'],
]

/** What the bytes are by their signature, when they are a PDF or a known non-text file ('a PNG image'). */
export function fileKindOf(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, PDF_MAGIC)) return 'a PDF'
  return SIGNATURES.find(([prefix]) => startsWith(bytes, prefix))?.[1]
}

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>): boolean {
  if (bytes.length < prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false
  return true
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown'])
const ACCEPTED = 'add a PDF, or Markdown: UTF-8 text named .md or .markdown'

/**
 * The refusal of a file over DOCUMENT_MAX_BYTES. `size` is unknown where an upload was cut off at
 * the limit as it arrived (the console's upload), rather than read whole.
 */
export function fileTooLarge(fileName: string, maxBytes: number, size?: number): DocumentRejected {
  const measured = size === undefined ? `more than ${maxBytes}` : String(size)
  return new DocumentRejected(
    `${fileName} is ${measured} bytes; the limit is ${maxBytes} bytes (DOCUMENT_MAX_BYTES).`,
  )
}

/**
 * The document ready to store, or a DocumentRejected. The content decides a PDF; Markdown needs
 * its name too (.md, .markdown), so an SVG or a log file is never shown as a document.
 */
export async function inspectDocument(
  bytes: Uint8Array,
  fileName: string,
  { maxBytes, maxPages, maxInflatedBytes }: DocumentLimits,
): Promise<PreparedDocument> {
  if (bytes.length === 0) throw new DocumentRejected(`${fileName} is empty.`)
  if (bytes.length > maxBytes) throw fileTooLarge(fileName, maxBytes, bytes.length)
  if (startsWith(bytes, PDF_MAGIC)) {
    // pdf-lib and the checks built on it load here, in the document worker that calls this, never
    // in the web server that only imports this module's limits (decision 064).
    const { preparePdf } = await import('./pdf-prepare.server.ts')
    return preparePdf(bytes, fileName, maxPages, maxInflatedBytes)
  }
  const binary = fileKindOf(bytes)
  const text = binary ? undefined : utf8Text(bytes)
  const extension = extensionOf(fileName)
  if (text === undefined) {
    const claim =
      extension === 'pdf' ? 'is named .pdf but its content is not a PDF' : 'is not a PDF or a Markdown file'
    throw new DocumentRejected(
      `${fileName} ${claim}: it looks like ${binary ?? 'neither a PDF nor UTF-8 text'}.`,
    )
  }
  if (extension === 'pdf') {
    throw new DocumentRejected(`${fileName} is named .pdf but its content is text, not a PDF.`)
  }
  if (!MARKDOWN_EXTENSIONS.has(extension)) {
    throw new DocumentRejected(`${fileName} is not accepted: ${ACCEPTED}.`)
  }
  if (text.trim() === '') throw new DocumentRejected(`${fileName} holds no text.`)
  const rendered = renderMarkdown(text)
  if (Buffer.byteLength(rendered.html) > MAX_MARKDOWN_HTML_BYTES) {
    throw new DocumentRejected(
      `${fileName} renders to more than ${MAX_MARKDOWN_HTML_BYTES} bytes of HTML; the limit is ${MAX_MARKDOWN_HTML_BYTES}.`,
    )
  }
  return {
    kind: 'markdown',
    size: bytes.length,
    sha256: sha256Of(bytes),
    pages: null,
    words: rendered.words,
    bytes,
    html: rendered.html,
    removed: [],
  }
}

/** Control characters text never holds (tab, line feed, form feed and carriage return are fine). */
function hasBinaryControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0x7f) return true
  }
  return false
}

/**
 * The bytes as text when they are valid UTF-8 without NUL or other control characters (which
 * mark a binary file); else undefined.
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
  return hasBinaryControls(text) ? undefined : text
}
