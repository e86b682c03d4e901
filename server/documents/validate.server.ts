// Everything checked before a document is stored (decision 031): its size, its type told by its
// content (never by its name), that a PDF parses and is not encrypted (the server must stamp a
// watermark into it), that Markdown is UTF-8 text, and the title. A refusal says what is wrong in
// one sentence an admin can act on.
import { createHash } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import { z } from 'zod'
import { countWords } from './markdown.server.ts'

export type DocumentKind = 'pdf' | 'markdown'

export const DOCUMENT_EXTENSION: Record<DocumentKind, string> = { pdf: 'pdf', markdown: 'md' }

export const MAX_TITLE_LENGTH = 200

/** A refusal of an upload, with a message for the admin (the CLI prints it; exit 1). */
export class DocumentRejected extends Error {}

export interface InspectedDocument {
  kind: DocumentKind
  size: number
  /** Hex SHA-256 of the bytes. */
  sha256: string
  /** PDF: pages; null for Markdown. */
  pages: number | null
  /** Markdown: words; null for PDF. */
  words: number | null
}

export const titleSchema = z
  .string()
  .trim()
  .min(1, 'The title is empty.')
  .max(MAX_TITLE_LENGTH, `The title is longer than ${MAX_TITLE_LENGTH} characters.`)
  .refine((title) => !/[\p{Cc}\p{Cf}]/u.test(title), 'The title holds control characters.')

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

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>): boolean {
  if (bytes.length < prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false
  return true
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * The document's kind and figures, or a DocumentRejected. `fileName` only words the refusal (a
 * file named .pdf whose content is not a PDF); the content alone decides the kind.
 */
export async function inspectDocument(
  bytes: Uint8Array,
  fileName: string,
  maxBytes: number,
): Promise<InspectedDocument> {
  if (bytes.length === 0) throw new DocumentRejected(`${fileName} is empty.`)
  if (bytes.length > maxBytes) {
    throw new DocumentRejected(
      `${fileName} is ${bytes.length} bytes; the limit is ${maxBytes} bytes (DOCUMENT_MAX_BYTES).`,
    )
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  if (startsWith(bytes, PDF_MAGIC)) {
    return {
      kind: 'pdf',
      size: bytes.length,
      sha256,
      pages: await countPdfPages(bytes, fileName),
      words: null,
    }
  }
  const binary = SIGNATURES.find(([prefix]) => startsWith(bytes, prefix))?.[1]
  const text = binary ? undefined : utf8Text(bytes)
  if (text === undefined) {
    const claim =
      extensionOf(fileName) === 'pdf'
        ? 'is named .pdf but its content is not a PDF'
        : 'is not a PDF or a Markdown file'
    throw new DocumentRejected(
      `${fileName} ${claim}: it looks like ${binary ?? 'neither a PDF nor UTF-8 text'}.`,
    )
  }
  if (text.trim() === '') throw new DocumentRejected(`${fileName} holds no text.`)
  if (extensionOf(fileName) === 'pdf') {
    throw new DocumentRejected(`${fileName} is named .pdf but its content is text, not a PDF.`)
  }
  return { kind: 'markdown', size: bytes.length, sha256, pages: null, words: countWords(text) }
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

async function countPdfPages(bytes: Uint8Array, fileName: string): Promise<number> {
  let pdf: PDFDocument
  try {
    // throwOnInvalidObject: a file that only starts like a PDF is refused, not half-read.
    // ignoreEncryption, then isEncrypted: pdf-lib's own error class fails instanceof.
    pdf = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    })
  } catch {
    throw new DocumentRejected(`${fileName} starts like a PDF but cannot be read as one.`)
  }
  if (pdf.isEncrypted) {
    throw new DocumentRejected(
      `${fileName} is an encrypted PDF: the server cannot stamp its watermark into it. Save it without a password first.`,
    )
  }
  let pages: number
  try {
    pages = pdf.getPageCount()
  } catch {
    // A file with a PDF header and no page tree.
    throw new DocumentRejected(`${fileName} starts like a PDF but cannot be read as one.`)
  }
  if (pages < 1) throw new DocumentRejected(`${fileName} is a PDF without pages.`)
  return pages
}
