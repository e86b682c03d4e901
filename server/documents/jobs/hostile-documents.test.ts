// The hostile files of issue 34 against the checks that run before a document is stored, and the
// worker pool's limits: a job over its time or memory limit, or beyond the queue, fails alone and
// the pool goes on serving the next one.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { makePdf } from '../../../tests/helpers/documents.ts'
import {
  activeContentPdf,
  flateBombPdf,
  markdownBomb,
  noMediaBoxPdf,
  PLAIN_LINK,
  sharedPageTreePdf,
  xfaPdf,
} from '../../../tests/helpers/hostile-documents.ts'
import type { DocumentLimits } from '../limits.server.ts'
import { DocumentRejected, inspectDocument } from '../validate.server.ts'
import { DocumentJobFailed, DocumentJobs } from './document-jobs.server.ts'

const LIMITS: DocumentLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxPages: 1_000,
  maxInflatedBytes: 256 * 1024 * 1024,
}

describe('inspectDocument refuses hostile PDFs', () => {
  it.each([
    ['the 90,000-page shared tree (4 KB)', sharedPageTreePdf(300)],
    ['the 10,000-page shared tree', sharedPageTreePdf(100)],
  ])('%s, without expanding it', async (_what, bytes) => {
    expect(bytes.length).toBeLessThan(5_000)
    await expect(inspectDocument(bytes, 'deck.pdf', LIMITS)).rejects.toThrow(
      'deck.pdf has a malformed page tree: it uses the same part more than once',
    )
  })

  it('refuses a PDF over DOCUMENT_MAX_PAGES, naming the limit', async () => {
    await expect(inspectDocument(await makePdf(6), 'long.pdf', { ...LIMITS, maxPages: 5 })).rejects.toThrow(
      'long.pdf has more than 5 pages; the limit is 5 (DOCUMENT_MAX_PAGES).',
    )
    await expect(
      inspectDocument(await makePdf(5), 'five.pdf', { ...LIMITS, maxPages: 5 }),
    ).resolves.toMatchObject({
      pages: 5,
    })
  })

  it('refuses a page without a MediaBox, which could not be stamped', async () => {
    await expect(inspectDocument(noMediaBoxPdf(), 'scan.pdf', LIMITS)).rejects.toThrow(
      'scan.pdf: page 1 has no size (MediaBox)',
    )
  })

  it('refuses objects nested past the bound', async () => {
    const { rawPdf } = await import('../../../tests/helpers/hostile-documents.ts')
    const nested = `${'['.repeat(200)}${']'.repeat(200)}`
    const bytes = rawPdf([
      `<< /Type /Catalog /Pages 2 0 R /Deep ${nested} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ])
    await expect(inspectDocument(bytes, 'deep.pdf', LIMITS)).rejects.toBeInstanceOf(DocumentRejected)
  })
})

/** The stored PDF's bytes hold none of the `active` names (read as Latin-1, as PDF syntax is). */
function expectNoneOf(bytes: Uint8Array, active: string[]) {
  const text = Buffer.from(bytes).toString('latin1')
  for (const name of active) expect(text).not.toContain(name)
}

describe('inspectDocument removes active content', () => {
  it('strips JavaScript, OpenAction, AA, Launch and embedded files; keeps the plain link', async () => {
    const prepared = await inspectDocument(activeContentPdf(), 'offer.pdf', LIMITS)
    expect(prepared.removed).toEqual(
      expect.arrayContaining(['OpenAction', 'AA', 'JavaScript', 'EmbeddedFiles', 'Launch action']),
    )
    expectNoneOf(prepared.bytes, [
      '/OpenAction',
      '/AA',
      '/JavaScript',
      '/JS',
      '/Launch',
      '/EmbeddedFile',
      'launchURL',
      'calc.exe',
    ])
    const pdf = await PDFDocument.load(prepared.bytes)
    const annots = pdf.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray)
    const links = annots
      .asArray()
      .map((annot) => pdf.context.lookup(annot, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict))
      .map((action) => action?.lookupMaybe(PDFName.of('URI'), PDFString)?.decodeText())
      .filter(Boolean)
    expect(links).toEqual([PLAIN_LINK])
  })

  it('strips XFA (scripts and FormCalc requests), NeedsRendering and an orphaned script', async () => {
    const prepared = await inspectDocument(xfaPdf(), 'form.pdf', LIMITS)
    expect(prepared.removed).toEqual(expect.arrayContaining(['XFA', 'NeedsRendering', 'unreachable objects']))
    expectNoneOf(prepared.bytes, [
      '/XFA',
      '/NeedsRendering',
      'x-javascript',
      'Get(',
      'evil.example',
      'orphan.example',
    ])
    // Rewritten from what the catalog reaches: checked again, nothing is left to remove.
    expect((await inspectDocument(prepared.bytes, 'form.pdf', LIMITS)).removed).toEqual([])
    expect((await PDFDocument.load(prepared.bytes)).getPageCount()).toBe(1)
  })

  it('stores a PDF without active content byte for byte', async () => {
    const bytes = await makePdf(2)
    const prepared = await inspectDocument(bytes, 'clean.pdf', LIMITS)
    expect(prepared.removed).toEqual([])
    expect(Buffer.from(prepared.bytes).equals(Buffer.from(bytes))).toBe(true)
  })
})

describe('Markdown', () => {
  it('is accepted only when named .md or .markdown', async () => {
    await expect(inspectDocument(Buffer.from('<svg/>'), 'favicon.svg', LIMITS)).rejects.toThrow(
      'favicon.svg is not accepted: add a PDF, or Markdown: UTF-8 text named .md or .markdown.',
    )
    await expect(inspectDocument(Buffer.from('# Notes'), 'notes.markdown', LIMITS)).resolves.toMatchObject({
      kind: 'markdown',
      html: '<h1>Notes</h1>\n',
    })
  })
})

describe('DocumentJobs', () => {
  const pools: DocumentJobs[] = []
  const pool = (limits: Partial<DocumentJobs['limits']>) => {
    const jobs = new DocumentJobs({ timeoutMs: 20_000, heapMb: 192, queue: 8, workers: 1, ...limits })
    pools.push(jobs)
    return jobs
  }
  afterAll(() => Promise.all(pools.map((jobs) => jobs.close())))

  const failedWith = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(DocumentJobFailed)
    return (error as DocumentJobFailed).limit
  }

  it('fails a job over its time limit alone; the next job runs', async () => {
    // A limit wide enough for a worker to start on a busy machine, then (the worker warm) one the
    // bomb cannot meet on any machine, then wide again for the replacement worker.
    const jobs = pool({ timeoutMs: 15_000, heapMb: 1024 })
    await jobs.render('# Warm')
    jobs.limits.timeoutMs = 200
    expect(await failedWith(jobs.render(markdownBomb(2_000_000).toString()))).toBe('time')
    jobs.limits.timeoutMs = 15_000
    await expect(jobs.render('# Back')).resolves.toMatchObject({ html: '<h1>Back</h1>\n' })
  }, 60_000)

  it('fails a job over its memory limit alone; the next job runs', async () => {
    const jobs = pool({ heapMb: 48, timeoutMs: 120_000 })
    expect(await failedWith(jobs.render(markdownBomb().toString()))).toBe('memory')
    await expect(jobs.render('# Back')).resolves.toMatchObject({ words: 1 })
  }, 150_000)

  it('refuses a job beyond the queue at once', async () => {
    const jobs = pool({ queue: 1, timeoutMs: 15_000 })
    await jobs.render('# Warm')
    const running = [jobs.render(markdownBomb().toString()), jobs.render(markdownBomb().toString())]
    expect(await failedWith(jobs.render('# Third'))).toBe('queue')
    // The two bombs need not finish: closing ends their process, and they fail with it.
    const ended = Promise.all(running.map(failedWith))
    await jobs.close()
    expect(await ended).toEqual(['failure', 'failure'])
  }, 60_000)

  it('passes refusals through as DocumentRejected', async () => {
    const jobs = pool({})
    await expect(jobs.inspect(noMediaBoxPdf(), 'scan.pdf', LIMITS)).rejects.toBeInstanceOf(DocumentRejected)
  })

  it('refuses a flate bomb (about 1 MB inflating to 1 GiB) over DOCUMENT_MAX_INFLATED_MB, in a worker', async () => {
    const bomb = await flateBombPdf(1024)
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    const jobs = pool({})
    // The default limit, 256 MiB, stated here.
    await expect(
      jobs.inspect(bomb, 'bomb.pdf', { ...LIMITS, maxInflatedBytes: 256 * 1024 * 1024 }),
    ).rejects.toThrow(
      'bomb.pdf inflates to more than 256 MiB (a compression bomb?); the limit is 256 MiB (DOCUMENT_MAX_INFLATED_MB).',
    )
    // A document under the limit is stored as before.
    await expect(
      jobs.inspect(await makePdf(2), 'deck.pdf', { ...LIMITS, maxInflatedBytes: 256 * 1024 * 1024 }),
    ).resolves.toMatchObject({
      kind: 'pdf',
    })
  }, 60_000)
})
