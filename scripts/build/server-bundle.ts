// Build step, run by scripts/build.ts as a child process: the production server as plain
// JavaScript in dist/node (decision 010). Running
// TypeScript through tsx costs the long-running server a loader thread with its own V8 heap
// (tens of MB of RSS) and a transform on every module load; the bundle needs neither. Dependencies stay
// external (node_modules is installed in the image), so the bundle holds only our own code.
import path from 'node:path'
import { rolldown } from 'rolldown'
import { isEntryModule, projectRootOf } from '../../server/process-entry.server'

/** Every process the production server starts, by bundle name (server/process-entry.server.ts). */
const ENTRIES = {
  start: 'scripts/start.ts',
  'sidecar-main': 'server/embedded/sidecar-main.server.ts',
  prepare: 'scripts/prepare.ts',
}

const isPackage = (id: string) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0')

export async function bundleServer(root: string): Promise<void> {
  const bundle = await rolldown({
    cwd: root,
    input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
  })
  try {
    // One folder, no subfolders: a module finds its sibling entries by name (childEntry()).
    await bundle.write({
      dir: path.join(root, 'dist/node'),
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: 'chunk-[hash].mjs',
      sourcemap: true,
    })
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
