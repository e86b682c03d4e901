// Writes .br and .gz beside every compressible built file so the server answers from memory
// without compressing per request.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
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
const MIN_BYTES = 256

export function compressDir(dir: string): { files: number; bytes: number; brBytes: number } {
  const totals = { files: 0, bytes: 0, brBytes: 0 }
  // Listed before writing, so the .br/.gz files written below are not walked themselves.
  for (const rel of [...filesUnder(dir)]) {
    if (!compressible.has(path.extname(rel).toLowerCase())) continue
    const full = path.join(dir, rel)
    const body = readFileSync(full)
    if (body.length < MIN_BYTES) continue
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    writeFileSync(`${full}.br`, br)
    writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }))
    totals.files++
    totals.bytes += body.length
    totals.brBytes += br.length
  }
  return totals
}
