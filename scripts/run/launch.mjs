// `npm start`: build when the build is missing or stale (in a child that exits when done), then
// become the production server, dist/node/start.mjs, with plain node (decision 064). Plain
// JavaScript run by plain node: no TypeScript loader, no esbuild service. The two helpers it
// imports are TypeScript that Node runs by stripping the types, with nothing else loaded.
//
// process.execve replaces this process with the server: the server keeps this pid, so npm (which
// stays the parent of its script) and a terminal's Ctrl-C signal the server itself, and no
// launcher stays behind. Where execve is missing (Windows), the server runs as a child that gets
// the signals this process receives.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { requireSupportedNode } from './node-line.js'

// Before the TypeScript helpers load (imported below, once the check has passed): an older Node
// cannot load them at all.
requireSupportedNode()
const { SERVER_ENV, SERVER_NODE_FLAGS } = await import('../lib/server-process.ts')
const { isBuildCurrent } = await import('./build/stamp.ts')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)

if (args.includes('--help')) {
  console.log(`Usage: npm start [-- --no-build]

Builds the site when the build is missing or stale, applies database migrations, uploads the demo
media when the storage buckets are empty, and serves http://HOST:PORT (default 127.0.0.1:3000).
Reads .env from the working directory (a variable already set wins; docs/configuration.md).
  --no-build   never build (Docker images ship a current build)`)
  process.exit(0)
}

if (!args.includes('--no-build') && !isBuildCurrent(root)) {
  // Build tools are development dependencies: tsx runs the build, in a process that ends here.
  const buildScript = path.join(root, 'scripts/run/build.ts')
  const built = spawnSync(process.execPath, ['--import', 'tsx', buildScript, '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const serverArgs = [...SERVER_NODE_FLAGS, path.join(root, 'dist/node/start.mjs'), '--no-build']
const env = { ...process.env, ...SERVER_ENV }

if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...serverArgs], env)
} else {
  const server = spawn(process.execPath, serverArgs, { stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
  server.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
