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
