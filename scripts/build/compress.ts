// Writes .br and .gz beside every compressible built file so the server answers from memory
// without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

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
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name)
      if (statSync(full).isDirectory()) {
        walk(full)
        continue
      }
      if (!compressible.has(path.extname(name).toLowerCase())) continue
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
  }
  walk(dir)
  return totals
}
