// A view-only document's pages as its viewer receives them (decision 060): pictures drawn in the
// document worker pool from the viewer's stamped copy (stamped-pdfs.server.ts), so each carries
// the watermark that copy carries. Kept like the stamped copies: a few minutes per version,
// viewer and day (and page), bounded by bytes; one job for concurrent requests of the same page.
// Each page's shape (for the page's layout) is kept per stored version: it names no viewer.
import { LRUCache } from 'lru-cache'
import { documentJobs } from '../jobs/document-jobs.server.ts'
import { STAMP_CACHE_MS, type StampedPdfs, type StampRequest, stampKey } from '../stamped-pdfs.server.ts'
import type { PageShape } from './page-image-size.server.ts'

/** Memory for every kept page picture together. */
export const PAGE_IMAGE_CACHE_BYTES = 32 * 1024 * 1024
/** Stored versions whose page shapes are kept. */
const SHAPES_KEPT = 256

export interface PageImage {
  /** WebP. */
  bytes: Buffer
  width: number
  height: number
}

/** The worker pool's two jobs for view-only pages (a test may hand its own). */
export interface PageJobs {
  shapes(input: string, maxPages: number): Promise<PageShape[]>
  page(input: string, page: number): Promise<PageImage>
}

export interface PageImages {
  /** The shape of every page of the viewer's copy, in order. */
  shapes(request: StampRequest): Promise<PageShape[]>
  /** Page `page` (from 1) of the viewer's copy as a picture. */
  page(request: StampRequest, page: number): Promise<PageImage>
  clear(): void
}

export function createPageImages(
  stamps: StampedPdfs,
  options: { maxPages: number; jobs?: PageJobs; ttlMs?: number; maxBytes?: number },
): PageImages {
  const jobs: PageJobs = options.jobs ?? documentJobs()
  const shapes = new LRUCache<string, PageShape[], StampRequest>({
    max: SHAPES_KEPT,
    fetchMethod: (_key, _stale, { context }) =>
      stamps.withFile(context, (file) => jobs.shapes(file, options.maxPages)),
  })
  const pages = new LRUCache<string, PageImage, { request: StampRequest; page: number }>({
    maxSize: options.maxBytes ?? PAGE_IMAGE_CACHE_BYTES,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
    ttl: options.ttlMs ?? STAMP_CACHE_MS,
    fetchMethod: (_key, _stale, { context }) =>
      stamps.withFile(context.request, (file) => jobs.page(file, context.page)),
  })
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('no page picture was made')
    return value
  }
  return {
    shapes: async (request) => made(await shapes.fetch(request.objectKey, { context: request })),
    page: async (request, page) =>
      made(await pages.fetch(`${stampKey(request)}\0${page}`, { context: { request, page } })),
    clear() {
      shapes.clear()
      pages.clear()
    },
  }
}
