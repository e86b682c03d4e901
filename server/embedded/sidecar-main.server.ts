// The embedded-services process (spawned by sidecar.server.ts, never run by hand): it owns the
// embedded Postgres server (decision 024) and/or the embedded S3 (s3rver) of DATA_DIR, so their
// memory and CPU stay out of the web server's process. The server and the CLIs attach to them
// through pg.json / s3.json exactly as they attach to each other (server/db/embedded.server.ts).
//
// It stops when its parent says so, when its parent dies (the IPC channel closes), or on SIGTERM,
// at any moment, its start included, and stops Postgres with it (a fast shutdown: nothing
// acknowledged is lost), or initdb if that is what runs. If Postgres dies on
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
// Given up by a stop during the start: initdb or a starting Postgres is stopped before the start
// settles (embedded.server.ts), since Postgres is detached and would outlive this process.
const starting = new AbortController()

function stop(reason: string, exitCode = 0): Promise<void> {
  if (stopping) {
    log.info({ reason }, 'still stopping embedded services')
    return stopping
  }
  stopping = (async () => {
    log.info({ reason }, 'stopping embedded services')
    starting.abort(new Error(reason))
    await started.catch(() => {})
    // S3 first (quick), the database last: a draining server may still be writing.
    for (const close of closers.reverse()) await close().catch((err) => log.error({ err }, 'close failed'))
    process.exit(exitCode)
  })()
  return stopping
}

// Ctrl-C reaches the whole process group: the parent drains its requests first and then stops
// us, so the database is still there for its in-flight writes.
process.on('SIGINT', () => {})
// `on`, not `once`: a second SIGTERM (a service manager repeating itself) would otherwise end
// this process mid-stop and leave the detached Postgres running.
process.on('SIGTERM', () => void stop('SIGTERM'))
process.once('disconnect', () => void stop('parent gone'))
process.on('message', (message: SidecarMessage) => {
  if (message.type === 'stop') void stop('asked by the server')
})

/** Starts what is embedded, each service's close listed as soon as it runs; says what this process owns. */
async function start(signal: AbortSignal): Promise<{ postgres: boolean; s3: boolean }> {
  let postgres = false
  let s3 = false
  if (settings.postgres) {
    const pg = await startEmbeddedPostgres(settings.DATA_DIR, log, { signal })
    closers.push(pg.close)
    postgres = pg.owner
    pg.onUnexpectedExit((code) => void stop(`embedded Postgres exited (code ${code})`, 1))
  }
  if (settings.s3) {
    signal.throwIfAborted()
    const storage = await startEmbeddedS3(settings.DATA_DIR, log)
    closers.push(storage.close)
    s3 = storage.owned
  }
  return { postgres, s3 }
}

const started = start(starting.signal)
started.then(
  (owns) => {
    if (stopping) return
    send({ type: 'ready', owns })
    // Another process already runs both for this DATA_DIR: nothing for us to keep alive.
    if (!owns.postgres && !owns.s3) void stop('another process owns the embedded services')
  },
  (error) => {
    // A start given up by a stop: the stop closes what there is and exits.
    if (stopping) return
    log.error({ err: error }, 'embedded services failed to start')
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    void stop('start failed', 1)
  },
)
