// Small media objects held in memory so a /media hit costs a map lookup instead of two S3 round
// trips (docs/decisions/007-media-memory-cache.md). Knows nothing of S3: the route passes a
// `MediaSource` (stat + fetch) per lookup. Bounded three ways: objects above `maxObjectBytes` are
// never held (they keep streaming), the total is capped by `maxBytes` with LRU eviction, and an
// entry is trusted for `ttlMs` only; after that the next request revalidates it with a stat
// (same ETag: keep the bytes; another: refetch), because keys are stable names an upload may
// overwrite and several server instances may serve the same bucket.

import { LRUCache } from 'lru-cache'

/** What the route needs to answer from memory; headers are built once per entry. */
export interface CachedObject {
  body: Buffer
  /** Quoted ETag, as sent in headers. */
  etag: string | undefined
  lastModified: Date
  /** Headers of a full 200 answer (type, length, validators, cache policy). */
  headers: Record<string, string>
  /** Headers of a 304 answer (validators and cache policy, no type or length). */
  notModifiedHeaders: Record<string, string>
}

export interface ObjectStat {
  /** Quoted ETag, comparable with CachedObject.etag. */
  etag: string | undefined
  size: number
  lastModified: Date
}

export interface MediaSource<S extends ObjectStat> {
  stat(): Promise<S>
  /** The whole object for `stat`, or undefined when storage now holds another version. */
  fetch(stat: S): Promise<CachedObject | undefined>
}

export type Lookup<S extends ObjectStat> =
  | { kind: 'cached'; object: CachedObject }
  /** Too big to hold: the caller streams it, reusing this stat. */
  | { kind: 'large'; stat: S }

export interface MediaCacheOptions {
  /** Largest object held, in bytes. */
  maxObjectBytes: number
  /** Budget for all entries (bodies plus ENTRY_OVERHEAD_BYTES each), in bytes. */
  maxBytes: number
  /** How long an entry is served without asking storage, in milliseconds. */
  ttlMs: number
  /** Test seam: a millisecond clock. */
  now?: () => number
}

/** Rough cost of an entry besides its body (key, header strings, map slot), charged to the budget. */
export const ENTRY_OVERHEAD_BYTES = 1024

export class ObjectChangingError extends Error {}

/** Per lookup: where to load from, and (set by the load) the stat of an object too big to hold. */
interface LoadContext {
  source: MediaSource<ObjectStat>
  large?: ObjectStat
}

/**
 * lru-cache does the bookkeeping: least-recently-used eviction within a byte budget, the TTL, and
 * one load per key however many requests wait for it. A stale entry is kept (noDeleteOnStaleGet)
 * so its revalidation can keep the bytes when storage still has the same ETag.
 */
export class MediaCache {
  readonly maxObjectBytes: number
  readonly maxBytes: number
  readonly ttlMs: number
  private readonly entries: LRUCache<string, CachedObject, LoadContext>
  /** Counters for tests and diagnostics; `waiting` is the lookups in progress right now. */
  readonly stats = { hits: 0, lookups: 0, waiting: 0, evictions: 0 }

  constructor(options: MediaCacheOptions) {
    this.maxObjectBytes = options.maxObjectBytes
    this.maxBytes = options.maxBytes
    this.ttlMs = options.ttlMs
    this.entries = new LRUCache<string, CachedObject, LoadContext>({
      maxSize: options.maxBytes,
      maxEntrySize: Math.min(options.maxBytes, chargeOf(options.maxObjectBytes)),
      sizeCalculation: (object) => chargeOf(object.body.length),
      ttl: options.ttlMs,
      noDeleteOnStaleGet: true,
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
      dispose: (_object, _id, reason) => {
        if (reason === 'evict') this.stats.evictions++
      },
      fetchMethod: (_id, stale, { context }) => this.load(stale, context),
    })
  }

  /** Bytes charged to the budget right now. */
  get bytes(): number {
    return this.entries.calculatedSize
  }

  get size(): number {
    return this.entries.size
  }

  has(id: string): boolean {
    return this.entries.has(id)
  }

  /** The entry when it is still within its TTL; synchronous so a hit needs no await. */
  fresh(id: string): CachedObject | undefined {
    // A TTL of 0 means "revalidate every time" here; to lru-cache it would mean "never stale".
    if (this.ttlMs === 0) return undefined
    const object = this.entries.get(id)
    if (object) this.stats.hits++
    return object
  }

  /**
   * Revalidates or loads `id`. Concurrent callers for the same id share one call to `source`;
   * on failure nothing is kept for the id and every caller gets the error.
   */
  async lookup<S extends ObjectStat>(id: string, source: MediaSource<S>): Promise<Lookup<S>> {
    this.stats.lookups++
    this.stats.waiting++
    try {
      const context: LoadContext = { source: source as MediaSource<ObjectStat> }
      const object = await this.entries.fetch(id, { context, forceRefresh: this.ttlMs === 0 })
      if (object) return { kind: 'cached', object }
      // Too big to hold now: forget the smaller version held before (lru-cache keeps a stale
      // value when a load yields nothing). A caller that joined another's load asks storage for
      // the stat itself.
      this.entries.delete(id)
      return { kind: 'large', stat: (context.large ?? (await source.stat())) as S }
    } finally {
      this.stats.waiting--
    }
  }

  private async load(
    stale: CachedObject | undefined,
    context: LoadContext,
  ): Promise<CachedObject | undefined> {
    // An upload can replace the object between stat and fetch; one retry takes the new version.
    for (let attempt = 0; attempt < 2; attempt++) {
      const stat = await context.source.stat()
      if (stat.size > this.maxObjectBytes || chargeOf(stat.size) > this.maxBytes) {
        context.large = stat
        return undefined
      }
      if (stale && stat.etag !== undefined && stale.etag === stat.etag) return stale
      const object = await context.source.fetch(stat)
      if (object) return object
    }
    throw new ObjectChangingError('object keeps changing while being read')
  }

  /** Holds `object` (if it fits the budget at all), evicting the least recently used entries. */
  set(id: string, object: CachedObject): void {
    this.entries.delete(id)
    this.entries.set(id, object)
  }

  delete(id: string): void {
    this.entries.delete(id)
  }
}

function chargeOf(bodyBytes: number): number {
  return bodyBytes + ENTRY_OVERHEAD_BYTES
}

/** The cache the env asks for, or undefined when either size limit is 0 (caching disabled). */
export function createMediaCache(env: {
  MEDIA_CACHE_MAX_BYTES: number
  MEDIA_CACHE_MAX_OBJECT_BYTES: number
  MEDIA_CACHE_TTL_SECONDS: number
}): MediaCache | undefined {
  if (env.MEDIA_CACHE_MAX_BYTES === 0 || env.MEDIA_CACHE_MAX_OBJECT_BYTES === 0) return undefined
  return new MediaCache({
    maxBytes: env.MEDIA_CACHE_MAX_BYTES,
    maxObjectBytes: env.MEDIA_CACHE_MAX_OBJECT_BYTES,
    ttlMs: env.MEDIA_CACHE_TTL_SECONDS * 1000,
  })
}
