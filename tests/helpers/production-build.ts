// A private production build for page-level integration tests (guards, pre-rendered vs
// per-request pages): built into its own folder inside the project, so module resolution finds
// node_modules, and removed afterwards. Tests then buildApp with pages: { mode: 'production', root }.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'

const projectRoot = resolve(import.meta.dirname, '..', '..')

export interface ProductionBuild {
  /** Pass as `pages.root`: it holds dist/client and dist/server. */
  root: string
  remove(): Promise<void>
}

/**
 * Vike's build records its server entry in a file inside node_modules
 * (@brillout/vite-plugin-server-entry), so two builds at once (two test files in parallel) can
 * load each other's entry: builds take turns through a lock directory. A lock left by a killed
 * run is taken over once it is older than any build takes.
 */
async function oneBuildAtATime<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(projectRoot, '.data-test-build.lock')
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age =
        Date.now() -
        (await stat(lock).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ))
      if (age > 10 * 60_000) await rm(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    return await work()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}

export function productionBuild(): Promise<ProductionBuild> {
  return oneBuildAtATime(buildOnce)
}

async function buildOnce(): Promise<ProductionBuild> {
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
