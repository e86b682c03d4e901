// Opens the site's storage for an admin CLI as the server does: S3_ENDPOINT when set, otherwise
// the embedded store in DATA_DIR (the running server's, or one started for the command).
import type { Storage } from '../../server/storage/storage.server.ts'
import { cliEnv } from './cli-env.ts'
import { CliError, ServiceUnreachable } from './cli-error.ts'
import { withClosing } from './interrupt.ts'
import { stderrLog } from './stderr-log.ts'

export const STORAGE_HELP =
  'Storage: S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY) if set, else the embedded store in DATA_DIR.'

export async function withStorage<T>(run: (storage: Storage) => Promise<T>, verbose = false): Promise<T> {
  const env = await cliEnv()
  // Loaded only when run, so that help and usage errors answer at once.
  const [{ openStorage }, { isStorageUnreachable, storageErrorLine }] = await Promise.all([
    import('../../server/storage/storage.server.ts'),
    import('../../server/storage/unreachable.server.ts'),
  ])
  return withClosing(
    () => openStorage(env, stderrLog(verbose)),
    async (storage) => {
      await storage.ping().catch((error: unknown) => {
        const line = storageErrorLine(error)
        if (isStorageUnreachable(error)) {
          throw new ServiceUnreachable(`Storage at ${storage.endpoint} is unreachable: ${line}`)
        }
        throw new CliError(`Storage at ${storage.endpoint} refused the request: ${line}`)
      })
      return run(storage)
    },
  )
}
