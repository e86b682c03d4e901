// Writes .br and .gz beside every compressible built file so the server answers from memory
// without compressing per request.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { compressedVariants } from '../../server/vike/compression.server'
import { filesUnder } from '../../server/vike/prerendered.server'

const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
])

export function compressDir(dir: string): { files: number; bytes: number; brBytes: number } {
  const totals = { files: 0, bytes: 0, brBytes: 0 }
  // Listed before writing, so the .br/.gz files written below are not walked themselves.
  for (const rel of [...filesUnder(dir)]) {
    if (!compressible.has(path.extname(rel).toLowerCase())) continue
    const full = path.join(dir, rel)
    const body = readFileSync(full)
    const variants = compressedVariants(body)
    if (!variants) continue
    writeFileSync(`${full}.br`, variants.br)
    writeFileSync(`${full}.gz`, variants.gzip)
    totals.files++
    totals.bytes += body.length
    totals.brBytes += variants.br.length
  }
  return totals
}
