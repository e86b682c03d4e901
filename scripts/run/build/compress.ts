// Writes .br and .gz beside every compressible built file, which @fastify/static's preCompressed
// option then serves (server/vike/static-files.server.ts): no request compresses. Pages are not
// among them: the server renders those with its runtime configuration (decision 025).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { compressedVariants } from '../../../server/vike/precompress.server.ts'
import { filesUnder } from '../../lib/files-under.ts'

const compressible = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt', '.webmanifest'])

export async function compressDir(dir: string): Promise<{ files: number; bytes: number; brBytes: number }> {
  const totals = { files: 0, bytes: 0, brBytes: 0 }
  // Listed before writing, so the .br/.gz files written below are not walked themselves.
  for (const rel of [...filesUnder(dir)]) {
    if (!compressible.has(path.extname(rel).toLowerCase())) continue
    const full = path.join(dir, rel)
    const body = readFileSync(full)
    const variants = await compressedVariants(body)
    if (!variants) continue
    writeFileSync(`${full}.br`, variants.br)
    writeFileSync(`${full}.gz`, variants.gzip)
    totals.files++
    totals.bytes += body.length
    totals.brBytes += variants.br.length
  }
  return totals
}
