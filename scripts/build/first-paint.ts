// Build step: every pre-rendered page gets its stylesheets inlined and its LCP image preloaded
// first (server/vike/first-paint-html.ts, decision 009) and, where it has a hero, its app scripts
// behind the starter (decision 011), before the files are precompressed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { findAppStart } from '../../server/vike/app-start-html'
import { firstPaintHtml } from '../../server/vike/first-paint-html'
import { filesUnder } from '../../server/vike/prerendered.server'
import { importsReader } from '../../server/vike/static-imports'

export function rewritePagesForFirstPaint(clientDir: string): number {
  // A built file's text by its URL path; only files inside the build (the paths come from our
  // own HTML and scripts, but stay inside anyway).
  const builtText = (urlPath: string) => {
    const file = path.join(clientDir, path.normalize(urlPath))
    if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) return undefined
    return readFileSync(file, 'utf8')
  }
  const files = [...filesUnder(clientDir)]
  const appStart = findAppStart(files.map((rel) => `/${rel.split(path.sep).join('/')}`))
  const importsOf = importsReader(builtText)
  let pages = 0
  for (const rel of files) {
    if (!rel.endsWith('.html')) continue
    const full = path.join(clientDir, rel)
    const html = readFileSync(full, 'utf8')
    const rewritten = firstPaintHtml(html, { stylesheetText: builtText, appStart, importsOf })
    if (rewritten !== html) {
      writeFileSync(full, rewritten)
      pages++
    }
  }
  return pages
}
