// Build step: every pre-rendered page gets its stylesheets inlined and its LCP image preloaded
// first (server/vike/first-paint-html.ts, decision 009) and, where it has a hero, its app scripts
// behind the starter (decision 011), before the files are precompressed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { findAppStart } from '../../server/vike/app-start-html'
import { firstPaintHtml } from '../../server/vike/first-paint-html'
import { filesUnder } from '../../server/vike/prerendered.server'
import { staticImportsOf } from '../../server/vike/static-imports'

export function rewritePagesForFirstPaint(clientDir: string): number {
  const stylesheetText = (href: string) => {
    const file = path.join(clientDir, path.normalize(href))
    // Only files inside the build (href comes from our own HTML, but stay inside anyway).
    if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) return undefined
    return readFileSync(file, 'utf8')
  }
  const files = [...filesUnder(clientDir)]
  const appStart = findAppStart(files.map((rel) => `/${rel.split(path.sep).join('/')}`))
  const importsOf = (src: string) => {
    const file = path.join(clientDir, path.normalize(src))
    if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) return []
    return staticImportsOf(src, readFileSync(file, 'utf8'))
  }
  let pages = 0
  for (const rel of files) {
    if (!rel.endsWith('.html')) continue
    const full = path.join(clientDir, rel)
    const html = readFileSync(full, 'utf8')
    const rewritten = firstPaintHtml(html, { stylesheetText, appStart, importsOf })
    if (rewritten !== html) {
      writeFileSync(full, rewritten)
      pages++
    }
  }
  return pages
}
