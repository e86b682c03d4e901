// What nginx serves: dist/client, with every pre-rendered page as the server answers it. The
// server renders its pages once more when it starts, with its runtime configuration (decision
// 013), so its bytes can differ from the build's files; a ratio must compare the same bytes.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { filesUnder } from '../../server/vike/prerendered.server'
import { curlRaw } from './curl'
import { clientDir, pageFile } from './pages'

/** The file a page's answer in an encoding is stored as: `index.html`, `.br` or `.gz` beside it. */
export function variantFile(file: string, encoding: string): string {
  return `${file}${encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''}`
}

/**
 * A temporary directory mirroring dist/client: links to the built files, and each page's identity,
 * gzip and brotli answers fetched from the server (a variant the server does not have is left out,
 * as the build leaves out a .br or .gz). The caller removes it.
 */
export function nginxRoot(serverUrl: string, pages: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-nginx-root-'))
  // mkdtemp makes it private; nginx's workers run as another user when nginx starts as root.
  chmodSync(dir, 0o755)
  const pageFiles = new Set<string>()
  for (const page of pages)
    for (const encoding of ['identity', 'br', 'gzip'])
      pageFiles.add(path.relative(clientDir, variantFile(pageFile(page), encoding)))
  for (const rel of filesUnder(clientDir)) {
    if (pageFiles.has(rel)) continue
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    symlinkSync(path.join(clientDir, rel), path.join(dir, rel))
  }
  for (const page of pages) {
    const file = path.join(dir, path.relative(clientDir, pageFile(page)))
    mkdirSync(path.dirname(file), { recursive: true })
    for (const accept of [undefined, 'br', 'gzip']) {
      const answer = curlRaw(`${serverUrl}${page}`, accept)
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`)
      const encoding = answer.headers['content-encoding'] ?? 'identity'
      if (encoding === (accept ?? 'identity')) writeFileSync(variantFile(file, encoding), answer.body)
    }
  }
  return dir
}
