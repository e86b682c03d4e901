// A fingerprint of everything a production build depends on: sources (pages and the bundled
// server, dist/node), public files and the lockfile. No configuration: it is read at start.
// `npm start` rebuilds when it changes.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const inputs = [
  'pages',
  'renderer',
  'components',
  'lib',
  'public',
  'demo-media',
  'server',
  'scripts',
  'prisma',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
]

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return
  if (!statSync(entry).isDirectory()) {
    yield entry
    return
  }
  for (const name of readdirSync(entry).sort()) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue
    yield* files(path.join(entry, name))
  }
}

export function computeBuildStamp(root: string): string {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('hex')
}

export const stampFile = (root: string) => path.join(root, 'dist', 'build-stamp.txt')

export function isBuildCurrent(root: string): boolean {
  const file = stampFile(root)
  if (!existsSync(file) || !existsSync(path.join(root, 'dist/server/entry.mjs'))) return false
  if (!existsSync(path.join(root, 'dist/node/start.mjs'))) return false
  return readFileSync(file, 'utf8').trim() === computeBuildStamp(root)
}
