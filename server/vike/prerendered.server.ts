// Pre-rendered pages and built assets, held in memory with their brotli/gzip variants (written at
// build time by scripts/build/compress.ts) so a public page costs one map lookup per request.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export interface StaticEntry {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  type: string
  etag: string
  cacheControl: string
  /** Response headers per encoding, built once so the hot path makes one reply.headers() call. */
  headers: Record<'identity' | 'br' | 'gzip', Record<string, string>>
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

/** Fills in an entry's precomputed headers (call again after changing cacheControl or variants). */
export function withHeaders(entry: Omit<StaticEntry, 'headers'>): StaticEntry {
  const common = {
    'content-type': entry.type,
    etag: entry.etag,
    'cache-control': entry.cacheControl,
    vary: 'Accept-Encoding',
  }
  return {
    ...entry,
    headers: {
      identity: common,
      br: { ...common, 'content-encoding': 'br' },
      gzip: { ...common, 'content-encoding': 'gzip' },
    },
  }
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'
const SHORT = 'public, max-age=3600, stale-while-revalidate=86400'

/** URL path a built file answers to: `about/index.html` → `/about`, `404.html` → not routable. */
export function urlPathOf(relativePath: string): string | undefined {
  const posix = relativePath.split(path.sep).join('/')
  if (posix === '404.html' || posix.endsWith('.br') || posix.endsWith('.gz')) return undefined
  if (posix === 'index.html') return '/'
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'/index.html'.length)}`
  return `/${posix}`
}

function cacheControlOf(urlPath: string, ext: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE // content-hashed names
  if (ext === '.html' || ext === '.json') return REVALIDATE
  return SHORT
}

/** Every file below `dir`, as a path relative to it (the build steps walk dist/client too). */
export function* filesUnder(dir: string, base = dir): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* filesUnder(full, base)
    else yield path.relative(base, full)
  }
}

function readOptional(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined
}

export interface PrerenderedSite {
  entries: Map<string, StaticEntry>
  notFound?: StaticEntry
}

export function loadPrerendered(clientDir: string): PrerenderedSite {
  const entries = new Map<string, StaticEntry>()
  let notFound: StaticEntry | undefined
  for (const rel of filesUnder(clientDir)) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) continue
    const full = path.join(clientDir, rel)
    const ext = path.extname(rel).toLowerCase()
    const body = readFileSync(full)
    const entry = {
      body,
      br: readOptional(`${full}.br`),
      gzip: readOptional(`${full}.gz`),
      type: types[ext] ?? 'application/octet-stream',
      etag: etagOf(body),
    }
    if (rel === '404.html') {
      notFound = withHeaders({ ...entry, cacheControl: 'no-store' })
      continue
    }
    const urlPath = urlPathOf(rel)
    if (!urlPath) continue
    entries.set(urlPath, withHeaders({ ...entry, cacheControl: cacheControlOf(urlPath, ext) }))
  }
  return { entries, notFound }
}

interface Accepts {
  br: boolean
  gzip: boolean
}
// Browsers send a handful of distinct Accept-Encoding values: parse each once, not per request.
// Bounded because the header is client-chosen.
const acceptsCache = new Map<string, Accepts>()
const ACCEPTS_CACHE_LIMIT = 256

function acceptsOf(acceptEncoding: string): Accepts {
  let accepts = acceptsCache.get(acceptEncoding)
  if (accepts) return accepts
  accepts = {
    br: /\bbr\b/.test(acceptEncoding) && !/\bbr;q=0(\.0*)?\b/.test(acceptEncoding),
    gzip: /\bgzip\b/.test(acceptEncoding) && !/\bgzip;q=0(\.0*)?\b/.test(acceptEncoding),
  }
  if (acceptsCache.size >= ACCEPTS_CACHE_LIMIT) acceptsCache.clear()
  acceptsCache.set(acceptEncoding, accepts)
  return accepts
}

/** Picks the best encoding the client accepts among those we hold. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  entry: Pick<StaticEntry, 'br' | 'gzip'>,
): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const accepts = acceptsOf(acceptEncoding)
  if (entry.br && accepts.br) return 'br'
  if (entry.gzip && accepts.gzip) return 'gzip'
  return undefined
}
