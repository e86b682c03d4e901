// Build step, run by scripts/run/build.ts as a child process: the production server as plain
// JavaScript in dist/node (decision 010). Running
// TypeScript through tsx costs the long-running server a loader thread with its own V8 heap
// (tens of MB of RSS) and a transform on every module load; the bundle needs neither. Dependencies stay
// external (node_modules is installed in the image), so the bundle holds only our own code.
import path from 'node:path'
import { type InputOptions, type OutputOptions, rolldown } from 'rolldown'
import { isEntryModule, projectRootOf } from '../../../server/process-entry.server.ts'
import { buildSourceOf } from '../../../server/version.server.ts'

/**
 * Every process the production server starts, by bundle name (server/process-entry.server.ts),
 * and the admin CLI (`rm5`, run by bin/rm5.js where tsx is not installed: the Docker image).
 */
const ENTRIES = {
  start: 'scripts/run/start.ts',
  'sidecar-main': 'server/embedded/sidecar-main.server.ts',
  'document-worker': 'server/documents/jobs/document-worker.server.ts',
  prepare: 'scripts/run/prepare.ts',
  rm5: 'scripts/cli/rm5-program.ts',
}

// `#…` are this package's own subpath imports (package.json "imports"): bundled like our code.
const isPackage = (id: string) =>
  !id.startsWith('.') && !id.startsWith('#') && !path.isAbsolute(id) && !id.startsWith('\0')

/**
 * Packages bundled with our code instead of loaded from node_modules: ES modules free of side
 * effects of which the server uses a few functions, so the bundle keeps only those (culori: two
 * colour conversions out of several hundred modules; decision 064).
 */
const BUNDLED_PACKAGES = new Set(['culori'])
const packageOf = (id: string) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/')
const isExternal = (id: string) => isPackage(id) && !BUNDLED_PACKAGES.has(packageOf(id))

/** What rolldown reads: our code from the entries, every package left external. */
export function bundleInput(root: string): InputOptions {
  return {
    cwd: root,
    input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    platform: 'node',
    external: isExternal,
    logLevel: 'warn',
    // rm5-program's `main` is what bin/rm5.js calls.
    preserveEntrySignatures: 'exports-only',
    // The tag and commit this build is made from, for the release it reports
    // (server/version.server.ts): the running bundle has no git to ask.
    transform: { define: { __RM5_BUILD_SOURCE__: JSON.stringify(buildSourceOf(root)) } },
    // No merging of shared modules into a chunk that holds more: a module the server needs must
    // not drag a worker's or the CLI's code (and the packages that code imports) in with it.
    experimental: { chunkOptimization: false },
  }
}

// One folder, no subfolders: a module finds its sibling entries by name (childEntry()).
export const BUNDLE_OUTPUT: OutputOptions = {
  format: 'esm',
  entryFileNames: '[name].mjs',
  chunkFileNames: 'chunk-[hash].mjs',
  sourcemap: true,
}

export async function bundleServer(root: string): Promise<void> {
  const bundle = await rolldown(bundleInput(root))
  try {
    await bundle.write({ ...BUNDLE_OUTPUT, dir: path.join(root, 'dist/node') })
  } finally {
    await bundle.close()
  }
}

if (isEntryModule(import.meta.url)) {
  bundleServer(projectRootOf(import.meta.url)).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
