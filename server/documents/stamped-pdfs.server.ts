// PDFs as a viewer receives them: stamped with their watermark (watermark.server.ts) so the file
// itself names who downloaded it. Stamping runs in the document worker pool (jobs/, decision 034:
// bounded worker processes, time and memory limits). The thread that answers requests never holds
// a whole PDF: the stored original is streamed from storage to a file, the worker reads that file
// and writes the stamped copy to another, and the response streams it (a deck's copies passing
// through the request thread's heap made it collect garbage while pages waited).
//
// Both kinds of file are kept on disk, in a folder of this process's own under the temporary
// directory (0700, files 0600, removed on close; a tmpfs or an emptyDir in the containers):
// originals by object key (content-addressed, so never stale), stamped copies a few minutes per
// document version, viewer and day, so the viewer's Range requests and reloads reuse them. Each
// kind is bounded by bytes, not entries (one large deck must not push the rest out).
import { randomUUID } from 'node:crypto'
import { type FileHandle, link, mkdtemp, open, rm, stat, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { LRUCache } from 'lru-cache'
import { documentJobs } from './jobs/document-jobs.server.ts'
import type { WatermarkText } from './watermark.server.ts'

/** How long a stamped file is kept for the same viewer. */
export const STAMP_CACHE_MS = 5 * 60_000
/** Disk for every kept stamped file together. */
export const STAMP_CACHE_BYTES = 64 * 1024 * 1024
/** Disk for every kept original together. */
export const ORIGINAL_CACHE_BYTES = 64 * 1024 * 1024

export interface StampRequest {
  /** Identifies the stored bytes (content-addressed: the version's object key). */
  objectKey: string
  /** Identifies the stamp: who, where, which day. */
  text: WatermarkText
  /** The stored bytes, read only when no kept original matches. */
  read: () => Promise<Readable>
}

/** A stamped copy opened for one response: the caller reads it, then closes it. */
export interface OpenStamp {
  file: FileHandle
  size: number
}

export interface StampedPdfs {
  /** Makes (or finds kept) the viewer's stamped copy. */
  prepare(request: StampRequest): Promise<void>
  /** The viewer's stamped copy, open: evicting it later does not cut a response short. */
  open(request: StampRequest): Promise<OpenStamp>
  /**
   * Runs `use` on the viewer's stamped copy by a file name of its own (for another process to
   * read: a view-only document's pages are drawn from it), kept until `use` settles.
   */
  withFile<T>(request: StampRequest, use: (file: string) => Promise<T>): Promise<T>
  /** Deletes every kept file. */
  close(): Promise<void>
}

/** Writes the stamped copy of the original at `input` to `output` (a new file); its size. */
export type Stamp = (input: string, output: string, text: WatermarkText) => Promise<number>

interface KeptFile {
  path: string
  size: number
}

type KeptFiles = LRUCache<string, KeptFile, StampRequest>

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT'

/**
 * A kept file, made if need be, then acquired by `use` (opened, linked) under its name. What was
 * acquired outlives whatever happens to that name; a file the cache no longer holds (too large to
 * keep, or evicted meanwhile) has nobody else to delete it, so it is unlinked here. A file gone
 * before it was acquired is made again, once.
 */
async function acquireKept<T>(
  cache: KeptFiles,
  key: string,
  context: StampRequest,
  use: (kept: KeptFile) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const kept = await cache.fetch(key, { context })
    if (!kept) throw new Error('no file was made')
    let acquired: T
    try {
      acquired = await use(kept)
    } catch (error) {
      if (!isMissing(error) || attempt > 0) throw error
      if (cache.peek(key) === kept) cache.delete(key)
      continue
    }
    if (cache.peek(key) !== kept) await unlink(kept.path).catch(() => {})
    return acquired
  }
}

/** A kept file, made if need be, opened: once open it reads to the end whatever happens to its name. */
const openKept = (cache: KeptFiles, key: string, context: StampRequest): Promise<OpenStamp> =>
  acquireKept(cache, key, context, async (kept) => ({ file: await open(kept.path, 'r'), size: kept.size }))

/** What identifies a viewer's stamped copy: the stored version, who, where, which day. */
export const stampKey = ({ objectKey, text }: Pick<StampRequest, 'objectKey' | 'text'>): string =>
  [objectKey, text.viewer, text.retailer, text.date.toISOString().slice(0, 10)].join('\0')

export function createStampedPdfs(
  options: { ttlMs?: number; maxBytes?: number; stamp?: Stamp; dir?: string } = {},
): StampedPdfs {
  const stamp: Stamp = options.stamp ?? ((input, output, text) => documentJobs().stamp(input, output, text))
  let folder: Promise<string> | undefined
  const newFile = async (suffix: string) => {
    folder ??= mkdtemp(path.join(options.dir ?? tmpdir(), 'rm5-stamps-'))
    return path.join(await folder, `${randomUUID()}.${suffix}`)
  }
  /** Runs `make` to write a new file; the file is deleted if it fails. */
  const made = async (suffix: string, make: (file: string) => Promise<number>): Promise<KeptFile> => {
    const file = await newFile(suffix)
    try {
      return { path: file, size: await make(file) }
    } catch (error) {
      await unlink(file).catch(() => {})
      throw error
    }
  }
  const bounded = {
    sizeCalculation: (file: KeptFile) => Math.max(1, file.size),
    dispose: (file: KeptFile) => {
      unlink(file.path).catch(() => {})
    },
  }

  const originals: KeptFiles = new LRUCache({
    ...bounded,
    maxSize: ORIGINAL_CACHE_BYTES,
    // One read for concurrent requests of the same original (a wave of viewers).
    fetchMethod: (_key, _stale, { context }) =>
      made('pdf', async (file) => {
        const source = await context.read()
        // pipeline closes both ends however it ends; a file that cannot be made ends the read too.
        const output = await open(file, 'wx', 0o600).catch((error: unknown) => {
          source.destroy()
          throw error
        })
        await pipeline(source, output.createWriteStream())
        return (await stat(file)).size
      }),
  })

  const maxBytes = options.maxBytes ?? STAMP_CACHE_BYTES
  /** `use` on a job's own name for the kept file of `key` (a link: an eviction cannot take it away). */
  const withLink = async <T>(
    cache: KeptFiles,
    key: string,
    context: StampRequest,
    use: (file: string) => Promise<T>,
  ): Promise<T> => {
    const input = await newFile('job.pdf')
    await acquireKept(cache, key, context, (kept) => link(kept.path, input))
    try {
      return await use(input)
    } finally {
      await unlink(input).catch(() => {})
    }
  }

  const stamps: KeptFiles = new LRUCache({
    ...bounded,
    maxSize: maxBytes,
    ttl: options.ttlMs ?? STAMP_CACHE_MS,
    // An expired copy leaves the disk when it expires, not when the cache is next touched.
    ttlAutopurge: true,
    // One stamp for concurrent requests of the same key (a viewer's first Range requests).
    // The worker, another process, reads the original by name: a link of its own to the kept
    // original, so that an eviction during the job (or its wait in the queue) cannot take it away.
    fetchMethod: (_key, _stale, { context }) =>
      withLink(originals, context.objectKey, context, (input) =>
        made('stamped.pdf', (file) => stamp(input, file, context.text)),
      ),
  })

  return {
    async prepare(request) {
      const { file } = await openKept(stamps, stampKey(request), request)
      await file.close()
    },
    open: (request) => openKept(stamps, stampKey(request), request),
    withFile: (request, use) => withLink(stamps, stampKey(request), request, use),
    async close() {
      stamps.clear()
      originals.clear()
      const kept = folder
      folder = undefined
      if (kept) await rm(await kept, { recursive: true, force: true })
    },
  }
}
