// The embedded-services process (spawned by sidecar.server.ts, never run by hand): it owns the
// embedded Postgres server (decision 024) and/or the embedded S3 (s3rver) of DATA_DIR, so their
// memory and CPU stay out of the web server's process. The server and the CLIs attach to them
// through pg.json / s3.json exactly as they attach to each other (server/db/embedded.server.ts).
//
// It stops when its parent says so, when its parent dies (the IPC channel closes), or on SIGTERM,
// and stops Postgres with it (a fast shutdown: nothing acknowledged is lost). If Postgres dies on
// its own, this process exits too, so the server hears of it (onUnexpectedExit).
import pino from 'pino'
import { startEmbeddedPostgres } from '../db/embedded.server.ts'
import { loggerOptions } from '../logger.server.ts'
import { startEmbeddedS3 } from '../storage/embedded.server.ts'
import { SIDECAR_SETTINGS_VAR, type SidecarMessage, type SidecarSettings } from './sidecar-protocol.server.ts'

const passed = process.env[SIDECAR_SETTINGS_VAR]
if (!passed) {
  console.error("This is the server's embedded-services process; `npm start` runs it.")
  process.exit(2)
}
// Written by sidecar.server.ts from the server's validated settings.
const settings = JSON.parse(passed) as SidecarSettings
const log = pino(loggerOptions(settings) as pino.LoggerOptions).child({ process: 'embedded-services' })
const send = (message: SidecarMessage) => process.send?.(message)

const closers: Array<() => Promise<void>> = []
let stopping: Promise<void> | undefined

function stop(reason: string, exitCode = 0): Promise<void> {
  stopping ??= (async () => {
    log.info({ reason }, 'stopping embedded services')
    // S3 first (quick), the database last: a draining server may still be writing.
    for (const close of closers.reverse()) await close().catch((err) => log.error({ err }, 'close failed'))
    process.exit(exitCode)
  })()
  return stopping
}

// Ctrl-C reaches the whole process group: the parent drains its requests first and then stops
// us, so the database is still there for its in-flight writes.
process.on('SIGINT', () => {})
process.once('SIGTERM', () => void stop('SIGTERM'))
process.once('disconnect', () => void stop('parent gone'))
process.on('message', (message: SidecarMessage) => {
  if (message.type === 'stop') void stop('asked by the server')
})

try {
  let postgres = false
  let s3 = false
  if (settings.postgres) {
    const pg = await startEmbeddedPostgres(settings.DATA_DIR, log)
    closers.push(pg.close)
    postgres = pg.owner
    pg.onUnexpectedExit((code) => void stop(`embedded Postgres exited (code ${code})`, 1))
  }
  if (settings.s3) {
    const storage = await startEmbeddedS3(settings.DATA_DIR, log)
    closers.push(storage.close)
    s3 = storage.owned
  }
  send({ type: 'ready', owns: { postgres, s3 } })
  // Another process already runs both for this DATA_DIR: nothing for us to keep alive.
  if (!postgres && !s3) await stop('another process owns the embedded services')
} catch (error) {
  log.error({ err: error }, 'embedded services failed to start')
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
  await stop('start failed', 1)
}
