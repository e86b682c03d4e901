// The production server's entry, bundled to dist/node/start.mjs (scripts/run/build/server-bundle.ts):
// migrate, upload demo media when the buckets are empty, then serve the production site (embedded
// Postgres and S3, in their own process, unless configured). `npm start` runs scripts/run/launch.mjs,
// which builds when the build is stale and then becomes this bundle (decision 064).
import { loadDotenv } from '../lib/dotenv.ts'
import { serve } from '../lib/serve.ts'

const args = new Set(process.argv.slice(2))
if (args.has('--help')) {
  console.log(`Usage: node dist/node/start.mjs [--no-build]

Applies database migrations, uploads the demo media when the storage buckets are empty, and serves http://HOST:PORT (default 127.0.0.1:3000).
Reads .env from the working directory (a variable already set wins; docs/configuration.md).
  --no-build   accepted for scripts that pass it: this entry never builds (npm start's launcher,
               scripts/run/launch.mjs, builds first when the build is stale)`)
  process.exit(0)
}

// Before the server's modules load (serve imports them): they read the site config and keep it
// (scripts/lib/dotenv.ts).
loadDotenv()
process.env.NODE_ENV ??= 'production'

await serve('production', (address) => {
  const where =
    typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address)
  console.log(`RM5 site ready at ${where}`)
})
