// Starts the server as `npm run dev` and `npm start` do: the preparation (migrations, demo media)
// runs before it listens, and a start that fails says why and exits 1.
import type { AddressInfo } from 'node:net'
import type { StartOptions } from '../../server/main.server.ts'

/**
 * Starts the server in `mode` and hands its address to `announce` once it listens. Call it after
 * loadDotenv: the server's modules, imported here, read the site config when they load.
 */
export async function serve(
  mode: StartOptions['mode'],
  announce: (address: AddressInfo | string | null) => void,
): Promise<void> {
  // First, and alone: the server's modules read the site config when they load, so a bad SITE_URL
  // or BRAND_* found by their import would end in a stack trace; parsed here, it is one line and
  // exit 1, as any other bad variable (and the modules get the config this parse adopted).
  const { loadEnvOrExit } = await import('../../server/env.server.ts')
  loadEnvOrExit()
  const { startServer } = await import('../../server/main.server.ts')
  const { preparation } = await import('./run-prepare.ts')
  try {
    const app = await startServer({ mode, ...preparation })
    announce(app.server.address())
  } catch (error) {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
