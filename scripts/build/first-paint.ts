// Build step: every pre-rendered page gets its stylesheets inlined and its LCP image preloaded
// first (server/vike/first-paint-html.ts, decision 009), before the files are precompressed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { firstPaintHtml } from '../../server/vike/first-paint-html'

export function rewritePagesForFirstPaint(clientDir: string): number {
  const textOf = (href: string) => {
    const file = path.join(clientDir, path.normalize(href))
    // Only files inside the build (href comes from our own HTML, but stay inside anyway).
    if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) return undefined
    return readFileSync(file, 'utf8')
  }
  let pages = 0
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('.html')) {
        const html = readFileSync(full, 'utf8')
        const rewritten = firstPaintHtml(html, textOf)
        if (rewritten !== html) {
          writeFileSync(full, rewritten)
          pages++
        }
      }
    }
  }
  walk(clientDir)
  return pages
}
