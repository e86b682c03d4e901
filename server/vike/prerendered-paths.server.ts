// The URL paths the build pre-rendered (`<path>/index.html` in dist/client): Vike's own record of
// which pages answer the same for everyone. The server does not serve these files (it renders
// with its runtime configuration, decision 025); it reads the list so that a client over its 404
// limit is still let through to a known page that has not been rendered yet.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

export function prerenderedPaths(clientDir: string): ReadonlySet<string> {
  const paths = new Set<string>()
  if (!existsSync(clientDir)) return paths
  for (const entry of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    const posix = entry.split(path.sep).join('/')
    if (posix === 'index.html') paths.add('/')
    else if (posix.endsWith('/index.html')) paths.add(`/${posix.slice(0, -'/index.html'.length)}`)
  }
  return paths
}
