// The public pages the build pre-rendered: `/` and every dist/client folder holding an index.html.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { root } from '../run/build.ts'

const clientDir = path.join(root, 'dist/client')

export function publicPages(): string[] {
  const pages = ['/']
  for (const name of readdirSync(clientDir).sort())
    if (existsSync(path.join(clientDir, name, 'index.html'))) pages.push(`/${name}`)
  return pages
}
