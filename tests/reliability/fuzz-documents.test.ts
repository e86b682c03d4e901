// Property-based fuzzing of what an upload brings besides its bytes, and of the bytes' check:
// any file name (unicode, control and bidirectional characters, path parts, huge lengths) gives
// a clean stored name and a valid title, or a clear refusal; never a crash, a path in a key, or
// a control character in a table. Arbitrary bytes are either refused with a DocumentRejected or
// accepted as exactly one kind.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cleanFileName, titleFromFileName } from '../../server/documents/file-name.server.ts'
import { checkTitle, DocumentRejected, inspectDocument } from '../../server/documents/validate.server.ts'
import { FUZZ_CASES } from '../helpers/fuzz.ts'

// Half of FUZZ_CASES per property (5,000 in a release); the contents, slower to check, a fifth.
const RUNS = Math.ceil(FUZZ_CASES / 2)
/** docs/operations.md: "Titles are 1 to 200 characters." */
const MAX_TITLE_LENGTH = 200

const hostileName = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 600 }),
  fc
    .array(
      fc.constantFrom(
        '..',
        '/',
        '\\',
        'C:',
        '\u202E',
        '\u0000',
        '\n',
        '\t',
        '%2F',
        'ex',
        '.pdf',
        '.md',
        ' ',
        '😀',
      ),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join('')),
)

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u

describe('file names', () => {
  it('clean to a printable last segment of at most 255 code points', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const clean = cleanFileName(name)
        expect([...clean].length).toBeLessThanOrEqual(255)
        expect(clean).not.toMatch(UNPRINTABLE)
        expect(clean).not.toMatch(/[\\/]/)
        expect(clean).toBe(clean.trim())
      }),
      { numRuns: RUNS },
    )
  })

  it('give a title the title check accepts', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const title = titleFromFileName(name, MAX_TITLE_LENGTH)
        expect(checkTitle(title)).toBe(title)
      }),
      { numRuns: RUNS },
    )
  })

  it('never crash the title check: a title is accepted trimmed or refused with a reason', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 260 }), (title) => {
        try {
          const checked = checkTitle(title)
          expect(checked.length).toBeGreaterThan(0)
          expect(checked.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH)
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentRejected)
          expect((error as Error).message).toMatch(/^The title /)
        }
      }),
      { numRuns: RUNS },
    )
  })
})

describe('file contents', () => {
  it('are refused with a reason or accepted as one kind, whatever the bytes and the name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }),
          fc.string({ maxLength: 200 }).map((text) => new TextEncoder().encode(text)),
          fc.uint8Array({ maxLength: 200 }).map((tail) => Buffer.concat([Buffer.from('%PDF-1.7\n'), tail])),
        ),
        hostileName,
        async (bytes, name) => {
          try {
            const inspected = await inspectDocument(bytes, cleanFileName(name) || 'document', {
              maxBytes: 4096,
              maxPages: 1_000,
              maxInflatedBytes: 256 * 1024 * 1024,
            })
            expect(['pdf', 'markdown']).toContain(inspected.kind)
            expect(inspected.size).toBe(bytes.length)
          } catch (error) {
            expect(error).toBeInstanceOf(DocumentRejected)
          }
        },
      ),
      { numRuns: Math.ceil(FUZZ_CASES / 5) },
    )
  }, 60_000)
})
