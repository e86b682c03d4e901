// Small media objects held in memory so a /media hit costs a map lookup instead of two S3 round
// trips (docs/decisions/007-media-memory-cache.md). Knows nothing of S3: the route passes a
// `MediaSource` (stat + fetch) per lookup. Bounded three ways: objects above `maxObjectBytes` are
// never held (they keep streaming), the total is capped by `maxBytes` with LRU eviction, and an
// entry is trusted for `ttlMs` only; after that the next request revalidates it with a stat
// (same ETag: keep the bytes; another: refetch), because keys are stable names an upload may
// overwrite and several server instances may serve the same bucket.

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

interface Slot {
  object: CachedObject
  checkedAt: number
  charge: number
}

export class MediaCache {
  readonly maxObjectBytes: number
  readonly maxBytes: number
  readonly ttlMs: number
  private readonly now: () => number
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recent.
  private readonly slots = new Map<string, Slot>()
  private readonly inflight = new Map<string, Promise<Lookup<ObjectStat>>>()
  private heldBytes = 0
  /** Counters for tests and diagnostics. */
  readonly stats = { hits: 0, lookups: 0, joined: 0, evictions: 0 }

  constructor(options: MediaCacheOptions) {
    this.maxObjectBytes = options.maxObjectBytes
    this.maxBytes = options.maxBytes
    this.ttlMs = options.ttlMs
    this.now = options.now ?? Date.now
  }

  /** Bytes charged to the budget right now. */
  get bytes(): number {
    return this.heldBytes
  }

  get size(): number {
    return this.slots.size
  }

  has(id: string): boolean {
    return this.slots.has(id)
  }

  /** The entry when it is still within its TTL; synchronous so a hit needs no await. */
  fresh(id: string): CachedObject | undefined {
    const slot = this.slots.get(id)
    if (!slot || this.now() - slot.checkedAt >= this.ttlMs) return undefined
    this.slots.delete(id)
    this.slots.set(id, slot)
    this.stats.hits++
    return slot.object
  }

  /**
   * Revalidates or loads `id`. Concurrent callers for the same id share one call to `source`;
   * on failure nothing is kept for the id and every caller gets the error.
   */
  lookup<S extends ObjectStat>(id: string, source: MediaSource<S>): Promise<Lookup<S>> {
    const pending = this.inflight.get(id)
    if (pending) {
      this.stats.joined++
      return pending as Promise<Lookup<S>>
    }
    this.stats.lookups++
    const load = this.load(id, source)
      .catch((error: unknown) => {
        this.delete(id)
        throw error
      })
      .finally(() => this.inflight.delete(id))
    this.inflight.set(id, load)
    return load
  }

  private async load<S extends ObjectStat>(id: string, source: MediaSource<S>): Promise<Lookup<S>> {
    // An upload can replace the object between stat and fetch; one retry takes the new version.
    for (let attempt = 0; attempt < 2; attempt++) {
      const stat = await source.stat()
      if (stat.size > this.maxObjectBytes || chargeOf(stat.size) > this.maxBytes) {
        this.delete(id)
        return { kind: 'large', stat }
      }
      const slot = this.slots.get(id)
      if (slot && stat.etag !== undefined && slot.object.etag === stat.etag) {
        slot.checkedAt = this.now()
        this.slots.delete(id)
        this.slots.set(id, slot)
        return { kind: 'cached', object: slot.object }
      }
      const object = await source.fetch(stat)
      if (!object) continue
      this.set(id, object)
      return { kind: 'cached', object }
    }
    throw new ObjectChangingError('object keeps changing while being read')
  }

  /** Holds `object` (if it fits the budget at all), evicting the least recently used entries. */
  set(id: string, object: CachedObject): void {
    this.delete(id)
    const charge = chargeOf(object.body.length)
    if (object.body.length > this.maxObjectBytes || charge > this.maxBytes) return
    this.slots.set(id, { object, checkedAt: this.now(), charge })
    this.heldBytes += charge
    for (const [oldest, slot] of this.slots) {
      if (this.heldBytes <= this.maxBytes) break
      this.slots.delete(oldest)
      this.heldBytes -= slot.charge
      this.stats.evictions++
    }
  }

  delete(id: string): void {
    const slot = this.slots.get(id)
    if (!slot) return
    this.slots.delete(id)
    this.heldBytes -= slot.charge
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
