// Generates the Prisma client into server/db/generated (run as `postinstall`, and by hand after
// editing prisma/schema.prisma). Works offline: the Prisma CLI insists on its native schema
// engine before it will generate, and that engine is a download these machines and air-gapped
// servers cannot make (docs/architecture.md: Migrations). Generating never runs the engine; naming any existing
// file in PRISMA_SCHEMA_ENGINE_BINARY skips the download. Migrations use the WASM engine instead.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { requireSupportedNode } from './node-line.js'

// `npm install` runs this: an older Node is named here, the first thing a newcomer runs.
requireSupportedNode()
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const require = createRequire(import.meta.url)
const prismaCli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js')
const placeholderEngine = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')

// Respect a real engine someone installed on purpose.
const configured = process.env.PRISMA_SCHEMA_ENGINE_BINARY
const engine = configured && existsSync(configured) ? configured : placeholderEngine

const result = spawnSync(process.execPath, [prismaCli, 'generate', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: engine,
    // No update check or telemetry request: both would hang or warn without network.
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
})

if (result.error) {
  console.error(`prisma generate could not start: ${result.error.message}`)
  process.exit(1)
}
process.exit(result.status ?? 1)
