// Build step: every pre-rendered page gets its stylesheets inlined and its LCP image preloaded
// first (server/vike/first-paint-html.ts, decision 009), before the files are precompressed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { firstPaintHtml } from '../../server/vike/first-paint-html'
import { filesUnder } from '../../server/vike/prerendered.server'

export function rewritePagesForFirstPaint(clientDir: string): number {
  const textOf = (href: string) => {
    const file = path.join(clientDir, path.normalize(href))
    // Only files inside the build (href comes from our own HTML, but stay inside anyway).
    if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) return undefined
    return readFileSync(file, 'utf8')
  }
  let pages = 0
  for (const rel of filesUnder(clientDir)) {
    if (!rel.endsWith('.html')) continue
    const full = path.join(clientDir, rel)
    const html = readFileSync(full, 'utf8')
    const rewritten = firstPaintHtml(html, textOf)
    if (rewritten !== html) {
      writeFileSync(full, rewritten)
      pages++
    }
  }
  return pages
}
