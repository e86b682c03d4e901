// A PDF's compressed streams may inflate far beyond the file (a flate bomb: 1 MB that inflates to
// 1 GB), which every viewer's reader would then expand. Counted at upload, in the document worker,
// chunk by chunk and never held: the check stops as soon as the total passes the limit.
import { Readable } from 'node:stream'
import { createInflate } from 'node:zlib'
import { PDFArray, type PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib'
import { DocumentRejected } from '../rejected.server.ts'

export { DEFAULT_MAX_INFLATED_BYTES } from './pdf-limits.server.ts'

const MIB = 1024 * 1024

/** Bytes `data` inflates to, counted up to `limit` (just past it when over); a damaged stream counts what came out. */
async function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  let size = 0
  const inflate = createInflate()
  try {
    for await (const chunk of Readable.from([data]).pipe(inflate)) {
      size += (chunk as Buffer).length
      if (size > limit) break
    }
  } catch {
    // A stream that does not inflate to the end is the reader's problem, not a bomb.
  } finally {
    inflate.destroy()
  }
  return size
}

/** Refuses a PDF whose streams, inflated, hold more than `maxBytes` (DOCUMENT_MAX_INFLATED_MB). */
export async function checkInflatedSize(pdf: PDFDocument, fileName: string, maxBytes: number): Promise<void> {
  let total = 0
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const filter = object.dict.get(PDFName.of('Filter'))
    const first = filter instanceof PDFArray ? filter.get(0) : filter
    total +=
      first?.toString() === '/FlateDecode'
        ? await inflatedSize(object.contents, maxBytes - total)
        : object.contents.length
    if (total > maxBytes) {
      const mib = Math.round(maxBytes / MIB)
      throw new DocumentRejected(
        `${fileName} inflates to more than ${mib} MiB (a compression bomb?); the limit is ${mib} MiB (DOCUMENT_MAX_INFLATED_MB).`,
      )
    }
  }
}
