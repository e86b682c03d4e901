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

function* walk(dir: string, base = dir): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* walk(full, base)
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
  for (const rel of walk(clientDir)) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) continue
    const full = path.join(clientDir, rel)
    const ext = path.extname(rel).toLowerCase()
    const body = readFileSync(full)
    const entry: StaticEntry = {
      body,
      br: readOptional(`${full}.br`),
      gzip: readOptional(`${full}.gz`),
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: '',
    }
    if (rel === '404.html') {
      notFound = { ...entry, cacheControl: 'no-store' }
      continue
    }
    const urlPath = urlPathOf(rel)
    if (!urlPath) continue
    entry.cacheControl = cacheControlOf(urlPath, ext)
    entries.set(urlPath, entry)
  }
  return { entries, notFound }
}

/** Picks the best encoding the client accepts among those we hold. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  entry: StaticEntry,
): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  if (entry.br && /\bbr\b/.test(acceptEncoding) && !/\bbr;q=0(\.0*)?\b/.test(acceptEncoding)) return 'br'
  if (entry.gzip && /\bgzip\b/.test(acceptEncoding) && !/\bgzip;q=0(\.0*)?\b/.test(acceptEncoding))
    return 'gzip'
  return undefined
}
