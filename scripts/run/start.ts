// `npm start`: build when the build is missing or stale, migrate, upload demo media when the
// buckets are empty, then serve the production site (embedded Postgres and S3, in their own
// process, unless configured).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startServer } from '../../server/main.server.ts'
import { preparation } from '../lib/run-prepare.ts'
import { isBuildCurrent } from './build/stamp.ts'
import { build, root } from './build.ts'

const args = new Set(process.argv.slice(2))
if (args.has('--help')) {
  console.log(`Usage: npm start [-- --no-build]

Builds the site when the build is missing or stale, applies database migrations, uploads the demo
media when the storage buckets are empty, and serves http://HOST:PORT (default 127.0.0.1:3000).
  --no-build   never build (Docker images ship a current build)`)
  process.exit(0)
}

// A local .env is honoured (Node's own parser; real env variables win).
const dotenv = path.join(root, '.env')
if (existsSync(dotenv)) process.loadEnvFile(dotenv)
process.env.NODE_ENV ??= 'production'

if (!args.has('--no-build') && !isBuildCurrent(root)) await build()

startServer({
  mode: 'production',
  ...preparation,
})
  .then((app) => {
    const address = app.server.address()
    const where =
      typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address)
    console.log(`RM5 site ready at ${where}`)
  })
  .catch((error) => {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
