// `npm run dev`: Vite dev middleware inside Fastify with HMR on the same port.
import { loadDotenv } from '../lib/dotenv.ts'
import { serve } from '../lib/serve.ts'

// Before the server's modules load (serve imports them): they read the site config and keep it
// (scripts/lib/dotenv.ts).
loadDotenv()
process.env.NODE_ENV ??= 'development'

await serve('development', (address) => {
  if (typeof address === 'object' && address)
    console.log(`Dev server at http://${address.address}:${address.port}`)
})
