import { describe, expect, it } from 'vitest'
import {
  type CachedObject,
  createMediaCache,
  ENTRY_OVERHEAD_BYTES,
  MediaCache,
  type MediaSource,
  ObjectChangingError,
  type ObjectStat,
} from './media-cache.server.ts'

function objectOf(size: number, etag = `"${size}"`): CachedObject {
  return {
    body: Buffer.alloc(size),
    etag,
    lastModified: new Date(0),
    headers: { etag },
    notModifiedHeaders: { etag },
  }
}

/** A source over a mutable "stored" object that counts its calls. */
function fakeSource(stored: { size: number; etag: string }) {
  const calls = { stat: 0, fetch: 0 }
  const source: MediaSource<ObjectStat> = {
    async stat() {
      calls.stat++
      return { etag: stored.etag, size: stored.size, lastModified: new Date(0) }
    },
    async fetch(stat) {
      calls.fetch++
      return objectOf(stat.size, stat.etag)
    },
  }
  return { source, calls }
}

const KIB = 1024
/** A clock reading as a process's performance.now() would: well past zero. */
const T0 = 1_000_000

/** A cache with room to spare, a 1 s TTL and the given clock. */
const clockedCache = (clock: { now: number }) =>
  new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 10 * KIB, ttlMs: 1000, now: () => clock.now })

describe('MediaCache budget', () => {
  it('keeps the bytes it holds under maxBytes, evicting the least recently used', () => {
    const maxBytes = 10 * KIB
    const cache = new MediaCache({ maxBytes, maxObjectBytes: 4 * KIB, ttlMs: 10_000 })
    for (let i = 0; i < 50; i++) {
      cache.set(`k${i}`, objectOf(1 + ((i * 997) % (3 * KIB))))
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes)
    }
    expect(cache.stats.evictions).toBeGreaterThan(0)

    const fresh = new MediaCache({ maxBytes, maxObjectBytes: 4 * KIB, ttlMs: 10_000 })
    fresh.set('a', objectOf(3 * KIB))
    fresh.set('b', objectOf(3 * KIB))
    expect(fresh.fresh('a')).toBeDefined() // a is now the most recently used
    fresh.set('c', objectOf(3 * KIB)) // 3 × (3 KiB + overhead) > 10 KiB: one must go
    expect(fresh.has('a')).toBe(true)
    expect(fresh.has('b')).toBe(false)
    expect(fresh.has('c')).toBe(true)
    expect(fresh.bytes).toBe(2 * (3 * KIB + ENTRY_OVERHEAD_BYTES))
  })

  it('never holds an object above maxObjectBytes or one that cannot fit the budget', () => {
    const cache = new MediaCache({ maxBytes: 2 * KIB, maxObjectBytes: 4 * KIB, ttlMs: 10_000 })
    cache.set('big', objectOf(5 * KIB))
    cache.set('over-budget', objectOf(1.5 * KIB)) // 1.5 KiB + overhead > 2 KiB
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('replacing an entry does not count its bytes twice', () => {
    const cache = new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 10 * KIB, ttlMs: 10_000 })
    cache.set('a', objectOf(KIB))
    cache.set('a', objectOf(2 * KIB))
    expect(cache.bytes).toBe(2 * KIB + ENTRY_OVERHEAD_BYTES)
    cache.delete('a')
    expect(cache.bytes).toBe(0)
  })
})

describe('MediaCache freshness', () => {
  it('serves within the TTL, then revalidates: same ETag keeps the bytes, another refetches', async () => {
    const clock = { now: T0 }
    const cache = clockedCache(clock)
    const stored = { size: 10, etag: '"v1"' }
    const { source, calls } = fakeSource(stored)

    const first = await cache.lookup('k', source)
    expect(first.kind).toBe('cached')
    expect(calls).toEqual({ stat: 1, fetch: 1 })
    clock.now = T0 + 999
    expect(cache.fresh('k')?.etag).toBe('"v1"')
    clock.now = T0 + 1001
    expect(cache.fresh('k')).toBeUndefined()

    await cache.lookup('k', source) // unchanged: a stat, no fetch, renewed
    expect(calls).toEqual({ stat: 2, fetch: 1 })
    expect(cache.fresh('k')?.etag).toBe('"v1"')

    stored.etag = '"v2"'
    stored.size = 20
    expect(cache.fresh('k')?.etag).toBe('"v1"') // still within the renewed TTL
    clock.now = T0 + 2500
    const changed = await cache.lookup('k', source)
    expect(changed.kind === 'cached' && changed.object.etag).toBe('"v2"')
    expect(calls).toEqual({ stat: 3, fetch: 2 })
    expect(cache.bytes).toBe(20 + ENTRY_OVERHEAD_BYTES)
  })

  it('hands objects above the size limit back for streaming and drops an old entry', async () => {
    let now = T0
    const cache = new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 100, ttlMs: 1000, now: () => now })
    const stored = { size: 50, etag: '"small"' }
    const { source, calls } = fakeSource(stored)
    await cache.lookup('k', source)
    expect(cache.has('k')).toBe(true)
    stored.size = 500
    stored.etag = '"large"'
    now = T0 + 5000
    const found = await cache.lookup('k', source)
    expect(found).toEqual({ kind: 'large', stat: expect.objectContaining({ size: 500 }) })
    expect(calls.fetch).toBe(1)
    expect(cache.has('k')).toBe(false)
    expect(cache.bytes).toBe(0)
  })
})

describe('MediaCache with a TTL of 0', () => {
  it('never answers from memory without asking storage, yet keeps unchanged bytes', async () => {
    const cache = new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 10 * KIB, ttlMs: 0 })
    const { source, calls } = fakeSource({ size: 10, etag: '"v1"' })
    await cache.lookup('k', source)
    expect(cache.fresh('k')).toBeUndefined()
    await cache.lookup('k', source)
    await cache.lookup('k', source)
    expect(calls).toEqual({ stat: 3, fetch: 1 })
  })
})

describe('MediaCache single-flight', () => {
  it('shares one load among concurrent lookups of the same key', async () => {
    const cache = new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 10 * KIB, ttlMs: 1000 })
    const { source, calls } = fakeSource({ size: 10, etag: '"v1"' })
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.lookup('k', source)))
    expect(calls).toEqual({ stat: 1, fetch: 1 })
    const objects = new Set(results.map((r) => (r.kind === 'cached' ? r.object : undefined)))
    expect(objects.size).toBe(1)
    // Other keys do not join.
    await cache.lookup('other', source)
    expect(calls).toEqual({ stat: 2, fetch: 2 })
  })

  it('a failed load rejects every waiter, keeps nothing and the next lookup tries again', async () => {
    const clock = { now: T0 }
    const cache = clockedCache(clock)
    const { source, calls } = fakeSource({ size: 10, etag: '"v1"' })
    await cache.lookup('k', source)
    clock.now = T0 + 5000
    let fail = true
    const flaky: MediaSource<ObjectStat> = {
      stat: () => (fail ? Promise.reject(new Error('storage down')) : source.stat()),
      fetch: (stat) => source.fetch(stat),
    }
    const failed = await Promise.allSettled([cache.lookup('k', flaky), cache.lookup('k', flaky)])
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(cache.has('k')).toBe(false)
    expect(cache.bytes).toBe(0)
    fail = false
    const again = await cache.lookup('k', flaky)
    expect(again.kind).toBe('cached')
    expect(cache.fresh('k')).toBeDefined()
    expect(calls.fetch).toBe(2)
  })

  it('retries once when storage holds another version than it stated, then gives up', async () => {
    const cache = new MediaCache({ maxBytes: 100 * KIB, maxObjectBytes: 10 * KIB, ttlMs: 1000 })
    let fetches = 0
    const changing: MediaSource<ObjectStat> = {
      stat: async () => ({ etag: `"v${fetches}"`, size: 10, lastModified: new Date(0) }),
      fetch: async () => {
        fetches++
        return undefined
      },
    }
    await expect(cache.lookup('k', changing)).rejects.toBeInstanceOf(ObjectChangingError)
    expect(fetches).toBe(2)
    expect(cache.size).toBe(0)
  })
})

describe('createMediaCache', () => {
  it('is disabled when either size limit is 0', () => {
    const on = { MEDIA_CACHE_MAX_BYTES: 1000, MEDIA_CACHE_MAX_OBJECT_BYTES: 100, MEDIA_CACHE_TTL_SECONDS: 10 }
    expect(createMediaCache(on)?.ttlMs).toBe(10_000)
    expect(createMediaCache({ ...on, MEDIA_CACHE_MAX_BYTES: 0 })).toBeUndefined()
    expect(createMediaCache({ ...on, MEDIA_CACHE_MAX_OBJECT_BYTES: 0 })).toBeUndefined()
  })
})
