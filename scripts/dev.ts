// `npm run dev`: Vite dev middleware inside Fastify with HMR on the same port.
import { applyMigrations } from '../server/db/migrate.server'
import { startServer } from '../server/main'
import { ensureDemoMedia } from './media/ensure-demo'

process.env.NODE_ENV ??= 'development'
startServer({
  mode: 'development',
  async beforeListen({ db, storage, log }) {
    await applyMigrations(db.url, log)
    await ensureDemoMedia(storage, log)
  },
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
