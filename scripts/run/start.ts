// `npm start`: build when the build is missing or stale, migrate, upload demo media when the
// buckets are empty, then serve the production site (embedded Postgres and S3, in their own
// process, unless configured).
import { loadDotenv } from '../lib/dotenv.ts'

const args = new Set(process.argv.slice(2))
if (args.has('--help')) {
  console.log(`Usage: npm start [-- --no-build]

Builds the site when the build is missing or stale, applies database migrations, uploads the demo
media when the storage buckets are empty, and serves http://HOST:PORT (default 127.0.0.1:3000).
Reads .env from the working directory (a variable already set wins; docs/configuration.md).
  --no-build   never build (Docker images ship a current build)`)
  process.exit(0)
}

// Before any import below: they read the site config and keep it (scripts/lib/dotenv.ts).
loadDotenv()
process.env.NODE_ENV ??= 'production'

const { startServer } = await import('../../server/main.server.ts')
const { preparation } = await import('../lib/run-prepare.ts')
const { isBuildCurrent } = await import('./build/stamp.ts')
const { build, root } = await import('./build.ts')

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
