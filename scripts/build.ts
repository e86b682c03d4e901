// `npm run build`: vike build (pre-renders public pages), precompress, write the build stamp.
// Run `vike build`, not `vite build`: through npm the latter silently skips pre-rendering.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compressDir } from './build/compress'
import { computeBuildStamp, stampFile } from './build/stamp'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function build(): void {
  const started = Date.now()
  console.log('Building the site (vike build)…')
  const vike = path.join(root, 'node_modules/vike/bin.js')
  const result = spawnSync(process.execPath, [vike, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`vike build failed (exit ${result.status ?? result.signal})`)
  const totals = compressDir(path.join(root, 'dist/client'))
  mkdirSync(path.dirname(stampFile(root)), { recursive: true })
  writeFileSync(stampFile(root), `${computeBuildStamp(root)}\n`)
  console.log(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s; precompressed ${totals.files} files (${Math.round(totals.bytes / 1024)} KB → ${Math.round(totals.brBytes / 1024)} KB brotli).`,
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    build()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
