// The production image installs `dependencies` only (npm ci --omit=dev): a package the bundle loads
// at start must be one of them. Packages only development or the embedded mode use (vite, the
// embedded Postgres and S3 servers) may be devDependencies, loaded with import() on the path that
// needs them, so the server and the CLI start without them (decisions 010 and 028).

import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { type OutputChunk, rolldown } from 'rolldown'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUNDLE_OUTPUT, bundleInput } from './server-bundle.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const builtins = new Set(builtinModules)
const packageOf = (id: string) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/')
const isBuiltin = (id: string) => id.startsWith('node:') || builtins.has(id)

let chunks: Map<string, OutputChunk>

beforeAll(async () => {
  const bundle = await rolldown(bundleInput(root))
  try {
    const { output } = await bundle.generate(BUNDLE_OUTPUT)
    chunks = new Map(output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])))
  } finally {
    await bundle.close()
  }
}, 60_000)

/** Packages a chunk imports with a static import (other chunks are our own code). */
const staticPackages = (chunk: OutputChunk) =>
  chunk.imports.filter((id) => !chunks.has(id) && !isBuiltin(id)).map(packageOf)

describe('the server and CLI bundle', () => {
  it('has the server, its children and the rm5 CLI as entries', () => {
    const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
    expect(entries.sort()).toEqual([
      'document-worker.mjs',
      'prepare.mjs',
      'rm5.mjs',
      'sidecar-main.mjs',
      'start.mjs',
    ])
    expect(chunks.get('rm5.mjs')?.exports).toContain('main')
  })

  it('imports only production dependencies statically, in every chunk', () => {
    const found = new Map<string, string>()
    for (const chunk of chunks.values())
      for (const name of staticPackages(chunk)) found.set(name, chunk.fileName)
    expect(found.size).toBeGreaterThan(5)
    const outside = [...found].filter(([name]) => !(name in manifest.dependencies))
    expect(outside, 'statically imported, but not in package.json dependencies').toEqual([])
  })

  it('loads devDependencies with import() only, never tsx or esbuild', () => {
    const dynamic = new Set(
      [...chunks.values()].flatMap((chunk) =>
        chunk.dynamicImports.filter((id) => !chunks.has(id) && !isBuiltin(id)).map(packageOf),
      ),
    )
    for (const name of dynamic)
      expect(name in manifest.dependencies || name in manifest.devDependencies, name).toBe(true)
    const everything = [...chunks.values()].flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports])
    expect(everything.filter((id) => /^(tsx|esbuild)(\/|$)/.test(id))).toEqual([])
  })
})
