// `npm run dev`: Vite dev middleware inside Fastify with HMR on the same port.
import { loadDotenv } from '../lib/dotenv.ts'

// Before any import below: they read the site config and keep it (scripts/lib/dotenv.ts).
loadDotenv()
process.env.NODE_ENV ??= 'development'

const { startServer } = await import('../../server/main.server.ts')
const { preparation } = await import('../lib/run-prepare.ts')

startServer({
  mode: 'development',
  ...preparation,
})
  .then((app) => {
    const address = app.server.address()
    if (typeof address === 'object' && address)
      console.log(`Dev server at http://${address.address}:${address.port}`)
  })
  .catch((error) => {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
