// Where this process's code lives and how it starts others. The same modules run from TypeScript
// sources (under tsx: `npm start`, `npm run dev`, the CLIs) and from the production bundle in
// dist/node (scripts/run/build/server-bundle.ts: the Docker image and `npm run bench`), where every
// module's import.meta.url is a file in dist/node (decision 010).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** True when the module at `moduleUrl` runs from its TypeScript source, false in the bundle. */
export function runsFromSource(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.ts')
}

/** The project root: the nearest folder above `moduleUrl` that holds package.json. */
export function projectRootOf(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`)
    dir = parent
  }
  return dir
}

/**
 * A child process's entry file, beside the module that forks it: `source` (relative to that
 * module) when running from sources, `dist/node/{bundled}.mjs` in the bundle.
 */
export function childEntry(moduleUrl: string, source: string, bundled: string): string {
  return fileURLToPath(new URL(runsFromSource(moduleUrl) ? source : `./${bundled}.mjs`, moduleUrl))
}

/** Node flags for a forked child: our loader (tsx, from sources), never a debugger's port. */
export function childExecArgv(): string[] {
  return process.execArgv.filter((arg) => !arg.startsWith('--inspect'))
}

/**
 * Whether the module at `moduleUrl` is the script node was started with. Only a source file can
 * be: in the bundle several modules share one file, and none of them is a command of its own.
 */
export function isEntryModule(moduleUrl: string): boolean {
  const script = process.argv[1]
  return (
    Boolean(script) &&
    runsFromSource(moduleUrl) &&
    fileURLToPath(moduleUrl) === path.resolve(script as string)
  )
}
