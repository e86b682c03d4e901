// First-load JavaScript of a pre-rendered page: the entry script, every modulepreload link in its
// HTML (or the starter and the scripts it names, decision 011) and every module those import
// statically, measured gzip-compressed (what the browser downloads before the page is
// interactive). Dynamic import() is not followed: that is lazy code.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { staticImportsOf } from '../../server/vike/static-imports'

export interface FirstLoad {
  page: string
  files: number
  gzipKb: number
  /** Heavy libraries that must load only where used (issue #8). */
  heavy: string[]
}

// Strings only these libraries ship: hls.js's config keys, lottie-web's former name.
const markers: Record<string, RegExp> = {
  'hls.js': /manifestLoadingTimeOut|fragLoadingTimeOut/,
  lottie: /bodymovin/,
}

function gzipSize(file: string): number {
  const gz = `${file}.gz`
  return existsSync(gz) ? readFileSync(gz).length : gzipSync(readFileSync(file), { level: 9 }).length
}

export function firstLoadOf(clientDir: string, page: string, html: string): FirstLoad {
  const srcs = new Set<string>()
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) if (match[1]) srcs.add(match[1])
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (match[1]) srcs.add(match[1])
  // The starter fetches these after the hero has painted: still part of what makes the page work.
  for (const match of html.matchAll(/\sdata-app-(?:entry|preload)="([^"]*)"/g))
    for (const src of match[1]?.split(' ') ?? []) if (src) srcs.add(src)
  let bytes = 0
  const heavy = new Set<string>()
  // A Set grows while iterated: static imports found in a file are visited after it.
  for (const src of srcs) {
    if (!src.startsWith('/')) continue
    const file = path.join(clientDir, src)
    if (!existsSync(file)) continue
    bytes += gzipSize(file)
    const text = readFileSync(file, 'utf8')
    for (const [name, marker] of Object.entries(markers)) if (marker.test(text)) heavy.add(name)
    for (const imported of staticImportsOf(src, text)) srcs.add(imported)
  }
  return { page, files: srcs.size, gzipKb: Math.round(bytes / 102.4) / 10, heavy: [...heavy] }
}

/** Every pre-rendered page (index.html files) with its first-load JS. */
export function firstLoadOfSite(clientDir: string, pages: string[]): FirstLoad[] {
  return pages.map((page) => {
    const file = path.join(clientDir, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`)
    return firstLoadOf(clientDir, page, readFileSync(file, 'utf8'))
  })
}
