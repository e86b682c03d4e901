// The run's production build for page-level integration tests (guards, pre-rendered vs per-request
// pages), made once by tests/helpers/production-build-global.ts and read by every such file: the
// build depends on the sources alone (configuration is read at start, decision 013), so one build
// serves them all. It lives in a folder of its own inside the project (module resolution finds
// node_modules from there), not in dist/, which `npm start` and other runs rewrite.
import { spawn } from 'node:child_process'
import { cp, mkdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { isBuildCurrent } from '../../scripts/run/build/stamp.ts'

const projectRoot = resolve(import.meta.dirname, '..', '..')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's production build: pass as `pages.root` (it holds dist/client and dist/server). */
    productionBuildRoot: string
  }
}

/**
 * Makes a production build in `root`: a copy of the project's dist/ when it is current with the
 * sources (`npm test` has just built it), else a `vike build` of its own.
 */
export async function makeProductionBuild(root: string): Promise<void> {
  if (isBuildCurrent(projectRoot)) {
    for (const part of ['client', 'server']) {
      await cp(join(projectRoot, 'dist', part), join(root, 'dist', part), { recursive: true })
    }
    return
  }
  await oneBuildAtATime(() => vikeBuild(join(root, 'dist')))
}

/**
 * Vike's build records its server entry in a file inside node_modules
 * (@brillout/vite-plugin-server-entry), so two builds at once (two test runs in one checkout) can
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

function vikeBuild(outDir: string): Promise<void> {
  return new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [join(projectRoot, 'tests/helpers/vike-build.mjs'), outDir], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`vike build failed (${code}):\n${stderr}`)),
    )
  })
}
