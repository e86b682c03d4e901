// The one place where a page's response is kept. Vike renders a page once per URL path and set
// of verified grants (their partners and the codes behind them: a document may be for some codes
// only); later requests with the same path and grants get those bytes. This rests on one rule
// (decision 025): a page's render, its guard included, depends on the URL path, the query values
// the page declares it shows (lib/page-rules.ts, `keptUrl`: part of the key) and the verified
// grants alone. The renderer passes nothing else of the request to a page, cached renders are
// made without the request's headers or any other query, and guards read only `accessGrants`. So the
// cache memoizes Vike's answer and never decides access itself: a request whose path and grants
// match no kept render goes to Vike, where the guard runs. What the guard reported as an opening
// is kept with the answer and reported again for every request the answer serves.
// Renders that saw a grant may also read the data room (documents added from the CLI, in another
// process): they are kept only PRIVATE_PAGE_TTL_MS, so a new document shows within seconds while
// a reload storm still costs one render per path and grants per period. Public pages read
// nothing that changes while the server runs and are kept until evicted.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { PartnerSlug } from '../../lib/partners.ts'
import { compressedVariants } from './precompress.server.ts'

export type Encoding = 'identity' | 'br' | 'gzip'

export interface CachedPage {
  status: number
  etag: string
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  /** Response headers per encoding, built once: the hot path makes one reply.headers() call. */
  headers: Record<Encoding, Record<string, string>>
  /** The gates the page's guard reported as opening it (empty for public pages). */
  openedBy: readonly PartnerSlug[]
}

export interface RenderedPage {
  status: number
  /** Vike's response headers (content type, Location of a redirect). */
  headers: Iterable<[string, string]>
  body: string
  /** Rendered without any grant: the same for every visitor, so shared caches may keep it. */
  public: boolean
  openedBy: readonly PartnerSlug[]
}

/** Public pages are revalidated on every use (cheap: a 304 for a matching ETag). */
export const PUBLIC_PAGE = 'public, max-age=0, must-revalidate'
/** A render that saw a grant, or a redirect by a guard: for this browser only. */
export const PRIVATE_PAGE = 'private, no-store'

/** How long a render that saw a grant is served: as long as a revoked code's grants (CODE_CACHE_MS). */
export const PRIVATE_PAGE_TTL_MS = 5_000

/** Routes × grant combinations stay far below this; it bounds the map whatever happens. */
const MAX_PAGES = 1000
/** Memory for every kept render and its compressed variants together. */
const MAX_BYTES = 32 * 1024 * 1024

/** `url` is the path, or the path with the query variants a page shows (`keptUrl`). */
export function cacheKey(url: string, grants: readonly PartnerSlug[], codes: readonly string[] = []): string {
  if (grants.length === 0) return url
  return `${url}\n${[...grants].sort().join(',')}\n${[...codes].sort().join(',')}`
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

function withHeaders(page: Omit<CachedPage, 'headers'>, base: Record<string, string>): CachedPage {
  // Vary from the first answer on: the identity bytes served before the variants exist must not
  // be kept by a shared cache for clients that accept compression.
  const common = { ...base, vary: 'Accept-Encoding' }
  return {
    ...page,
    headers: {
      identity: common,
      br: { ...common, 'content-encoding': 'br' },
      gzip: { ...common, 'content-encoding': 'gzip' },
    },
  }
}

export function createPageCache(options: { privateTtlMs?: number } = {}) {
  const privateTtl = options.privateTtlMs ?? PRIVATE_PAGE_TTL_MS
  const pages = new LRUCache<string, CachedPage>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) || 1,
  })
  // The compressed variants of recent renders by ETag: a private render made again after its TTL
  // is most often byte for byte the same, and then costs no second compression.
  const variantsByEtag = new LRUCache<string, { br: Buffer; gzip: Buffer }>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES / 4,
    sizeCalculation: (variants) => variants.br.length + variants.gzip.length || 1,
  })
  // Renders under way, so that a burst of requests for a page nobody has asked for since the
  // start (50 connections at once) costs one render and one compression, not fifty.
  const rendering = new Map<string, Promise<unknown>>()
  return {
    get: (key: string) => pages.get(key),
    /** Forgets every kept render (what they showed changed: a partner was added or edited). */
    clear: () => pages.clear(),
    /** Runs `render` for `key` unless a render of that key is already under way, then shares it. */
    once<T>(key: string, render: () => Promise<T>): Promise<T> {
      const pending = rendering.get(key) as Promise<T> | undefined
      if (pending) return pending
      const started = render().finally(() => rendering.delete(key))
      rendering.set(key, started)
      return started
    },
    /**
     * Keeps a render and returns it (or the one already kept for the key): at once with its
     * identity bytes, and again with brotli and gzip once zlib has made them (no request waits
     * for a compressor).
     */
    keep(key: string, rendered: RenderedPage): CachedPage {
      const kept = pages.get(key)
      if (kept) return kept
      const base: Record<string, string> = {}
      for (const [name, value] of rendered.headers) base[name.toLowerCase()] = value
      const body = Buffer.from(rendered.body)
      const etag = etagOf(body)
      base.etag = etag
      base['cache-control'] = rendered.public ? PUBLIC_PAGE : PRIVATE_PAGE
      // ttl 0: kept until evicted.
      const ttl = rendered.public ? 0 : privateTtl
      const fields = { status: rendered.status, etag, body, openedBy: rendered.openedBy }
      const known = variantsByEtag.get(etag)
      if (known) {
        const page = withHeaders({ ...fields, ...known }, base)
        pages.set(key, page, { ttl })
        return page
      }
      const page = withHeaders(fields, base)
      pages.set(key, page, { ttl })
      void compressedVariants(body).then(
        (variants) => {
          if (!variants) return
          variantsByEtag.set(etag, variants)
          // The variants do not make the render younger.
          if (pages.get(key) === page)
            pages.set(key, withHeaders({ ...page, ...variants }, base), { ttl, noUpdateTTL: true })
        },
        () => undefined,
      )
      return page
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
