// A private production build for page-level integration tests (guards, pre-rendered vs
// per-request pages): built into its own folder inside the project, so module resolution finds
// node_modules, and removed afterwards. Tests then buildApp with pages: { mode: 'production', root }.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'

const projectRoot = resolve(import.meta.dirname, '..', '..')

export interface ProductionBuild {
  /** Pass as `pages.root`: it holds dist/client and dist/server. */
  root: string
  remove(): Promise<void>
}

export async function productionBuild(): Promise<ProductionBuild> {
  // .data-* is gitignored and skipped by Biome and Vitest.
  const root = join(projectRoot, `.data-test-build-${randomBytes(4).toString('hex')}`)
  await new Promise<void>((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(projectRoot, 'tests/helpers/vike-build.mjs'), join(root, 'dist')],
      {
        cwd: projectRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`vike build failed (${code}):\n${stderr}`)),
    )
  })
  return { root, remove: () => rm(root, { recursive: true, force: true }) }
}
