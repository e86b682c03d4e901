import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { makePdf } from '../../tests/helpers/documents.ts'
import type { DocumentLimits } from './limits.server.ts'
import { checkTitle, DocumentRejected, inspectDocument } from './validate.server.ts'

/** docs/configuration.md: DOCUMENT_MAX_PAGES 1,000 and DOCUMENT_MAX_INFLATED_MB 256 by default. */
const LIMITS: DocumentLimits = { maxBytes: 1024 * 1024, maxPages: 1_000, maxInflatedBytes: 256 * 1024 * 1024 }
const rejected = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(DocumentRejected)

describe('inspectDocument', () => {
  it('tells a PDF by its content and counts its pages', async () => {
    const pdf = await makePdf(4)
    const inspected = await inspectDocument(pdf, 'deck.bin', LIMITS)
    expect(inspected).toMatchObject({ kind: 'pdf', pages: 4, words: null, size: pdf.length })
    expect(inspected.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('takes UTF-8 text as Markdown and counts its words', async () => {
    const inspected = await inspectDocument(Buffer.from('# Über uns\n\nZwei Wörter.'), 'a.md', LIMITS)
    expect(inspected).toMatchObject({ kind: 'markdown', pages: null, words: 4 })
  })

  it('names a Windows program renamed .pdf', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200, 0)])
    await expect(inspectDocument(exe, 'proposal.pdf', LIMITS)).rejects.toThrow(
      'proposal.pdf is named .pdf but its content is not a PDF: it looks like a Windows program (MZ).',
    )
  })

  it.each([
    ['a ZIP', Buffer.from('PK\x03\x04rest'), /ZIP archive/],
    ['bytes with a NUL', Buffer.from('text\0more'), /neither a PDF nor UTF-8 text/],
    ['text with other control bytes', Buffer.from('text\u0001\u0002more'), /neither a PDF nor UTF-8 text/],
    ['invalid UTF-8', Buffer.from([0x41, 0xff, 0xfe, 0x42]), /neither a PDF nor UTF-8 text/],
  ])('refuses %s', async (_what, bytes, message) => {
    await expect(inspectDocument(bytes, 'file.md', LIMITS)).rejects.toThrow(message)
  })

  it('refuses text named .pdf, an empty file, blank text, and a file over the limit', async () => {
    await expect(inspectDocument(Buffer.from('# hi'), 'x.pdf', LIMITS)).rejects.toThrow(/content is text/)
    await rejected(inspectDocument(Buffer.alloc(0), 'x.md', LIMITS))
    await expect(inspectDocument(Buffer.from(' \n\t'), 'x.md', LIMITS)).rejects.toThrow(/no text/)
    await expect(
      inspectDocument(Buffer.alloc(2048, 65), 'x.md', { ...LIMITS, maxBytes: 1024 }),
    ).rejects.toThrow(/2048 bytes; the limit is 1024 bytes \(DOCUMENT_MAX_BYTES\)/)
  })

  it('refuses a file that only starts like a PDF', async () => {
    await expect(inspectDocument(Buffer.from('%PDF-1.7\ngarbage'), 'x.pdf', LIMITS)).rejects.toThrow(/PDF/)
  })

  it('refuses an encrypted PDF, which cannot be watermarked', async () => {
    // A minimal PDF whose trailer names an /Encrypt dictionary (pdf-lib refuses it as encrypted).
    const plain = await PDFDocument.load(await makePdf(1))
    const pdf = Buffer.from(await plain.save({ useObjectStreams: false })).toString('latin1')
    const encrypted = pdf.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 >>')
    expect(encrypted).not.toBe(pdf)
    await expect(inspectDocument(Buffer.from(encrypted, 'latin1'), 'x.pdf', LIMITS)).rejects.toThrow(
      /encrypted PDF/,
    )
  })

  it('says a PDF that opens with a password is encrypted, not unreadable', async () => {
    const pdf = await PDFDocument.load(await makePdf(1))
    pdf.encrypt({ userPassword: 'x', ownerPassword: 'y' })
    const encrypted = Buffer.from(await pdf.save())
    await expect(inspectDocument(encrypted, 'locked.pdf', LIMITS)).rejects.toThrow(
      'locked.pdf is an encrypted PDF: the server cannot stamp its watermark into it. Save it without a password first.',
    )
  })
})

describe('checkTitle', () => {
  it('trims and accepts up to 200 characters', () => {
    expect(checkTitle('  Proposal  ')).toBe('Proposal')
    expect(checkTitle('x'.repeat(200))).toHaveLength(200)
  })
  it('drops control characters and bidirectional overrides rather than store them', () => {
    expect(checkTitle('a\u0007b\u001b[2J')).toBe('ab[2J')
    expect(checkTitle('evil\u202Etxt.exe')).toBe('eviltxt.exe')
  })
  it.each(['', '   ', 'x'.repeat(201), '\u0007\u202E'])('refuses %j', (title) => {
    expect(() => checkTitle(title)).toThrow(DocumentRejected)
  })
})
