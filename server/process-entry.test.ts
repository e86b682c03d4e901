import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  childEntry,
  childExecArgv,
  isEntryModule,
  projectRootOf,
  runsFromSource,
} from './process-entry.server.ts'

const root = path.resolve(import.meta.dirname, '..')
const url = (file: string) => pathToFileURL(path.join(root, file)).href

describe('process entries from sources and from the bundle', () => {
  it('tells a TypeScript source from a bundled module', () => {
    expect(runsFromSource(url('server/embedded/sidecar.server.ts'))).toBe(true)
    expect(runsFromSource(url('dist/node/start.mjs'))).toBe(false)
  })

  it('finds the project root from a source file and from a bundle file alike', () => {
    expect(projectRootOf(url('server/main.server.ts'))).toBe(root)
    expect(projectRootOf(url('dist/node/chunk-abc.mjs'))).toBe(root)
    expect(() => projectRootOf('file:///no-such-dir/x.ts')).toThrow(/no package.json/)
  })

  it('names the child entry beside the forking module: the source file, or the bundle by name', () => {
    expect(
      childEntry(url('server/embedded/sidecar.server.ts'), './sidecar-main.server.ts', 'sidecar-main'),
    ).toBe(path.join(root, 'server/embedded/sidecar-main.server.ts'))
    expect(childEntry(url('dist/node/chunk-abc.mjs'), './sidecar-main.server.ts', 'sidecar-main')).toBe(
      path.join(root, 'dist/node/sidecar-main.mjs'),
    )
    expect(childEntry(url('scripts/lib/run-prepare.ts'), '../run/prepare.ts', 'prepare')).toBe(
      path.join(root, 'scripts/run/prepare.ts'),
    )
  })

  it('gives children our loader but never a debugger port', () => {
    const saved = process.execArgv
    Object.defineProperty(process, 'execArgv', {
      value: ['--import', 'tsx', '--inspect=9229', '--inspect-brk'],
      configurable: true,
    })
    try {
      expect(childExecArgv()).toEqual(['--import', 'tsx'])
    } finally {
      Object.defineProperty(process, 'execArgv', { value: saved, configurable: true })
    }
  })

  it('never treats a bundled module as the started script, even when it is that file', () => {
    const saved = process.argv
    process.argv = [saved[0] as string, path.join(root, 'dist/node/start.mjs')]
    try {
      expect(isEntryModule(url('dist/node/start.mjs'))).toBe(false)
      process.argv = [saved[0] as string, path.join(root, 'scripts/run/build.ts')]
      expect(isEntryModule(url('scripts/run/build.ts'))).toBe(true)
      expect(isEntryModule(url('server/main.server.ts'))).toBe(false)
    } finally {
      process.argv = saved
    }
  })
})
