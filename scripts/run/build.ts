// `npm run build`: vike build (pre-renders public pages), bundle the production server
// (dist/node), the demo media set with its variants (dist/demo-media), /favicon.ico, precompress,
// write the build stamp.
// Run `vike build`, not `vite build`: through npm the latter silently skips pre-rendering.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { isEntryModule, projectRootOf } from '../../server/process-entry.server.ts'
import { compressDir } from './build/compress.ts'
import { writeFaviconIco } from './build/favicon.ts'
import { BUILD_QUIET } from './build/quiet.ts'
import { computeBuildStamp, stampFile } from './build/stamp.ts'

export const root = projectRootOf(import.meta.url)

/** `quiet`: warnings, errors and this step's own lines only (scripts/run/build/quiet.ts). */
export async function build({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  const started = Date.now()
  console.log(quiet ? 'Building the site: half a minute or so…' : 'Building the site (vike build)…')
  const stepEnv = quiet ? { ...process.env, [BUILD_QUIET]: '1' } : process.env
  const vike = path.join(root, 'node_modules/vike/bin.js')
  const result = spawnSync(process.execPath, [vike, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...stepEnv, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`vike build failed (exit ${result.status ?? result.signal})`)
  // In a child, like vike build: rolldown has no business in the memory of `npm start`, which
  // builds and then serves from this same process (scripts/run/build/server-bundle.ts).
  const bundled = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/run/build/server-bundle.ts'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (bundled.status !== 0) throw new Error(`bundling failed (exit ${bundled.status ?? bundled.signal})`)
  // The demo media set, prepared here so a first start only copies files (decisions 014, 030).
  const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/run/build/demo-media.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: stepEnv,
  })
  if (demo.status !== 0) throw new Error(`demo media failed (exit ${demo.status ?? demo.signal})`)
  await writeFaviconIco(root)
  const totals = await compressDir(path.join(root, 'dist/client'))
  mkdirSync(path.dirname(stampFile(root)), { recursive: true })
  writeFileSync(stampFile(root), `${computeBuildStamp(root)}\n`)
  console.log(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s; precompressed ${totals.files} files (${Math.round(totals.bytes / 1024)} KB → ${Math.round(totals.brBytes / 1024)} KB brotli).`,
  )
}

if (isEntryModule(import.meta.url)) {
  build({ quiet: process.argv.includes('--quiet') }).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
