#!/usr/bin/env node
// `rm5 <command> [options]`: the admin commands in one entry (scripts/cli/rm5-program.ts).
// In a checkout (tsx installed with the devDependencies) the commands run from their TypeScript
// sources, so they are never older than the code; where tsx is not installed (the Docker image:
// production dependencies only) they run from the bundle `npm run build` wrote to dist/node
// (decision 010), as the server does.
import { fileURLToPath } from 'node:url'

// An older Node fails far from its cause (a native package crashes the process): the Node line is
// checked first, as `npm start` does. A checkout has the check; the image runs the Node it ships.
const nodeLine = await import('../scripts/run/node-line.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND') return undefined
  throw error
})
nodeLine?.requireSupportedNode()

const program = await import('tsx/esm/api').then(
  ({ register }) => {
    register()
    return fileURLToPath(new URL('../scripts/cli/rm5-program.ts', import.meta.url))
  },
  (error) => {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error
    return fileURLToPath(new URL('../dist/node/rm5.mjs', import.meta.url))
  },
)
const { main } = await import(program)
await main(process.argv.slice(2))
