// `npm run dev`: Vite dev middleware inside Fastify with HMR on the same port.
import { startServer } from '../../server/main.server.ts'
import { preparation } from '../lib/run-prepare.ts'

process.env.NODE_ENV ??= 'development'
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
