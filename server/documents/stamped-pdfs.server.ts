// PDFs as a viewer receives them: stamped with their watermark (watermark.server.ts) so the file
// itself names who downloaded it. Stamping runs in the document worker pool (jobs/, decision 034:
// bounded threads, time and memory limits), and the result is kept a few minutes per document
// version, viewer and day: the viewer's Range requests and reloads reuse it instead of stamping
// again. The cache is bounded by bytes, not entries (one large deck must not push memory up).
import { LRUCache } from 'lru-cache'
import { documentJobs } from './jobs/document-jobs.server.ts'
import type { WatermarkText } from './watermark.server.ts'

/** How long a stamped file is kept for the same viewer. */
export const STAMP_CACHE_MS = 5 * 60_000
/** Memory for every kept stamped file together. */
export const STAMP_CACHE_BYTES = 64 * 1024 * 1024

export interface StampRequest {
  /** Identifies the stored bytes (content-addressed: the version's object key). */
  objectKey: string
  /** Identifies the stamp: who, where, which day. */
  text: WatermarkText
  /** The stored bytes, read only when no kept stamp matches. */
  read: () => Promise<Uint8Array>
}

export interface StampedPdfs {
  stamped(request: StampRequest): Promise<Buffer>
}

export type Stamp = (bytes: Uint8Array, text: WatermarkText) => Promise<Buffer>

export function createStampedPdfs(
  options: { ttlMs?: number; maxBytes?: number; stamp?: Stamp } = {},
): StampedPdfs {
  const maxBytes = options.maxBytes ?? STAMP_CACHE_BYTES
  const stamp: Stamp = options.stamp ?? ((bytes, text) => documentJobs().stamp(bytes, text))
  const cache = new LRUCache<string, Buffer, StampRequest>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    // A file larger than the whole cache is served but not kept.
    maxEntrySize: maxBytes,
    ttl: options.ttlMs ?? STAMP_CACHE_MS,
    // One stamp for concurrent requests of the same key (a viewer's first Range requests).
    fetchMethod: async (_key, _stale, { context }) => stamp(await context.read(), context.text),
  })
  return {
    async stamped(request) {
      const { viewer, retailer, date } = request.text
      const key = [request.objectKey, viewer, retailer, date.toISOString().slice(0, 10)].join('\0')
      const bytes = await cache.fetch(key, { context: request })
      if (!bytes) throw new Error('stamping gave no bytes')
      return bytes
    },
  }
}
