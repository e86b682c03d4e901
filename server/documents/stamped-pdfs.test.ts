// Stamped PDFs kept on disk (stamped-pdfs.server.ts), stamped by the real worker pool: private
// files, one read and one stamp for concurrent requests, an open copy that outlives its eviction,
// a copy too large to keep served and then deleted, nothing left after close.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { makePdf, pdfPageTexts } from '../../tests/helpers/documents.ts'
import { DEFAULT_JOB_LIMITS, DocumentJobs } from './jobs/document-jobs.server.ts'
import {
  createStampedPdfs,
  type OpenStamp,
  type StampedPdfs,
  type StampRequest,
} from './stamped-pdfs.server.ts'

const jobs = new DocumentJobs({ ...DEFAULT_JOB_LIMITS, workers: 1 })
const base = mkdtempSync(path.join(tmpdir(), 'rm5-stamped-test-'))
const opened: StampedPdfs[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((stamps) => stamps.close()))
})
afterAll(async () => {
  await jobs.close()
  rmSync(base, { recursive: true, force: true })
})

const date = new Date('2026-11-28T10:00:00Z')

/** The kept files, counting every stamp and every read of the original. */
function kept(options: { maxBytes?: number } = {}) {
  const counts = { stamps: 0, reads: 0 }
  const dir = mkdtempSync(path.join(base, 'case-'))
  const stamps = createStampedPdfs({
    ...options,
    dir,
    stamp: (input, output, text) => {
      counts.stamps += 1
      return jobs.stamp(input, output, text)
    },
  })
  opened.push(stamps)
  const files = () => readdirSync(dir).flatMap((folder) => readdirSync(path.join(dir, folder)))
  return { stamps, counts, dir, files }
}

async function request(
  original: Uint8Array,
  viewer: string,
  counts: { reads: number },
): Promise<StampRequest> {
  return {
    objectKey: 'doc/abc.pdf',
    text: { viewer, retailer: 'Circle K', date },
    read: async () => {
      counts.reads += 1
      return Readable.from([Buffer.from(original)])
    },
  }
}

async function readAll({ file, size }: OpenStamp): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of file.createReadStream({ start: 0, end: size - 1, autoClose: true })) {
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

describe('stamped PDFs kept on disk', () => {
  it('stamps the viewer on every page, in a folder and files only this user can read', async () => {
    const { stamps, counts, dir } = kept()
    const open = await stamps.open(await request(await makePdf(2), 'dana@circlek.com', counts))
    const bytes = await readAll(open)
    expect(bytes.length).toBe(open.size)
    const pages = await pdfPageTexts(bytes)
    expect(pages).toHaveLength(2)
    for (const text of pages) expect(text).toContain('dana@circlek.com · Circle K · 2026-11-28')
    const [folder] = readdirSync(dir)
    const folderPath = path.join(dir, folder as string)
    expect(statSync(folderPath).mode & 0o777).toBe(0o700)
    for (const file of readdirSync(folderPath)) {
      expect(statSync(path.join(folderPath, file)).mode & 0o777).toBe(0o600)
    }
  })

  it('reads the original once and stamps once for concurrent requests of one viewer', async () => {
    const { stamps, counts } = kept()
    const dana = await request(await makePdf(3), 'dana@circlek.com', counts)
    const all = await Promise.all([stamps.prepare(dana), stamps.open(dana), stamps.open(dana)])
    await Promise.all(all.filter((open): open is OpenStamp => open !== undefined).map(readAll))
    expect(counts).toEqual({ stamps: 1, reads: 1 })
    // Another viewer: a stamp of their own, from the kept original.
    await readAll(await stamps.open(await request(await makePdf(3), 'sam@circlek.com', counts)))
    expect(counts).toEqual({ stamps: 2, reads: 1 })
  })

  it('an open copy reads to the end after the cache evicted it', async () => {
    const original = await makePdf(2)
    const probe = kept()
    const size = (await readAll(await probe.stamps.open(await request(original, 'x', probe.counts)))).length
    // Room for about one stamped copy: the second viewer's evicts the first's.
    const { stamps, counts, files } = kept({ maxBytes: Math.round(size * 1.5) })
    const dana = await stamps.open(await request(original, 'dana@circlek.com', counts))
    await readAll(await stamps.open(await request(original, 'sam@circlek.com', counts)))
    expect(files()).toHaveLength(2) // the original and Sam's copy: Dana's is unlinked
    const bytes = await readAll(dana)
    expect(bytes.length).toBe(dana.size)
    expect((await pdfPageTexts(bytes))[0]).toContain('dana@circlek.com')
  })

  it('serves a copy too large to keep, then deletes it', async () => {
    const { stamps, counts, files } = kept({ maxBytes: 1024 })
    const open = await stamps.open(await request(await makePdf(2), 'dana@circlek.com', counts))
    expect(files()).toHaveLength(1) // the original only
    expect((await pdfPageTexts(await readAll(open)))[0]).toContain('dana@circlek.com')
  })

  it('leaves nothing on disk after close', async () => {
    const { stamps, counts, dir } = kept()
    await readAll(await stamps.open(await request(await makePdf(1), 'dana@circlek.com', counts)))
    await stamps.close()
    expect(readdirSync(dir)).toEqual([])
  })

  it('deletes what a failed stamp wrote and fails the request', async () => {
    const { stamps, counts, files } = kept()
    await expect(
      stamps.open(await request(Buffer.from('%PDF-1.7 not really'), 'dana@circlek.com', counts)),
    ).rejects.toThrow()
    expect(files()).toHaveLength(1) // the original only
  })
})
