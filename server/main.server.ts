// The listener: parse env, start the embedded Postgres/S3 in their own process when unconfigured,
// open them, build the app, listen, and drain on SIGTERM/SIGINT.
import pino from 'pino'
import { buildApp } from './app.server.ts'
import { openDatabase } from './db/database.server.ts'
import { type EmbeddedSidecar, startEmbeddedSidecar } from './embedded/sidecar.server.ts'
import { loadEnvOrExit } from './env.server.ts'
import { loggerOptions } from './logger.server.ts'
import { isEntryModule, projectRootOf } from './process-entry.server.ts'
import { setUpBuckets } from './storage/bucket-setup.server.ts'
import { openStorage } from './storage/storage.server.ts'

export const projectRoot = projectRootOf(import.meta.url)

export interface StartOptions {
  mode?: 'production' | 'development'
  /**
   * Runs after services open and before the app listens (migrations, demo media: scripts/run/start.ts
   * runs them in a child process so their libraries never load into the server). `storage` is false
   * when storage was unreachable (the server starts without it). Must stop when `signal` aborts
   * (SIGTERM during start-up).
   */
  beforeListen?: (signal: AbortSignal, services: { storage: boolean }) => Promise<void>
  /**
   * Runs once storage that was unreachable at start has its buckets (demo media into empty
   * buckets); `signal` aborts when the server stops.
   */
  afterStorageReturns?: (signal: AbortSignal) => Promise<void>
}

/** Longest a shutdown may take before the process exits anyway (compose's stop_grace_period is longer). */
const SHUTDOWN_DEADLINE_MS = 15_000

type App = Awaited<ReturnType<typeof buildApp>>

export async function startServer(options: StartOptions = {}) {
  const env = loadEnvOrExit()
  const log = pino(loggerOptions(env) as pino.LoggerOptions)
  // Signals are handled from the first moment: a container stopped during a long first start
  // (migrations, demo media) exits cleanly instead of being killed at the end of the grace period.
  const lifecycle = handleSignals(log)
  const { signal } = lifecycle.startup
  let sidecar: EmbeddedSidecar | undefined
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined
  // Work that goes on while serving (storage's background tries, what follows its return).
  const background = new AbortController()
  const closeServices = async () => {
    background.abort(new Error('server stopping'))
    await Promise.allSettled([db?.close(), storage?.close()])
    // Last: in-flight requests have drained and our connections are closed.
    await sidecar?.stop()
  }
  try {
    sidecar = await startEmbeddedSidecar(env, log)
    signal.throwIfAborted()
    db = await openDatabase(env, log)
    signal.throwIfAborted()
    storage = await openStorage(env, log)
    const buckets = await setUpBuckets(storage, log, {
      retryMaxMs: env.STORAGE_RETRY_MAX_SECONDS * 1000,
      signal: background.signal,
    })
    signal.throwIfAborted()
    await options.beforeListen?.(signal, { storage: buckets.ready })
    signal.throwIfAborted()
    const mode = options.mode ?? (env.NODE_ENV === 'production' ? 'production' : 'development')
    const app = await buildApp({ env, db, storage, pages: { mode, root: projectRoot } })
    if (signal.aborted) await app.close()
    signal.throwIfAborted()
    lifecycle.serving(app, closeServices)
    watchSidecar(sidecar, app, lifecycle.stop)
    await app.listen({ port: env.PORT, host: env.HOST })
    if (!buckets.ready) afterReturn(buckets.made, options.afterStorageReturns, background.signal, log)
    return app
  } catch (error) {
    await closeServices()
    if (signal.aborted) {
      log.info('stopped during start-up')
      process.exit(0)
    }
    throw error
  }
}

/** What follows storage's return (its failure is logged: the server keeps serving either way). */
function afterReturn(
  made: Promise<boolean>,
  run: StartOptions['afterStorageReturns'],
  signal: AbortSignal,
  log: pino.Logger,
) {
  made
    .then((ready) => (ready ? run?.(signal) : undefined))
    .catch((error: unknown) => {
      if (!signal.aborted) log.error({ err: error }, 'setting up storage after its return failed')
    })
}

/**
 * SIGTERM/SIGINT: during start-up, abort it (the caller closes what it opened); once serving,
 * stop accepting connections, finish in-flight requests, close the services, exit.
 */
function handleSignals(log: pino.Logger) {
  const startup = new AbortController()
  let running: { app: App; closeServices: () => Promise<void> } | undefined
  let stopping = false
  const stop = async (reason: string) => {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    force.unref()
    if (!running) {
      log.info({ signal: reason }, 'stop requested during start-up')
      startup.abort(new Error(`${reason} during start-up`))
      return
    }
    const { app, closeServices } = running
    app.log.info({ signal: reason }, 'shutting down: draining in-flight requests')
    try {
      // Fastify stops accepting connections, waits for in-flight requests, then runs onClose hooks.
      await app.close()
      await closeServices()
      app.log.info('shutdown complete')
      process.exit(process.exitCode ?? 0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  // `on`, not `once`: Ctrl-C under `npm start` arrives twice (the terminal signals the whole
  // group and npm forwards it to its script), and a second signal with no listener would kill the
  // draining server before it stops its embedded Postgres.
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
  return {
    startup,
    stop,
    serving(app: App, closeServices: () => Promise<void>) {
      running = { app, closeServices }
    },
  }
}

// Without its database and storage the server can only fail requests: exit non-zero so the
// supervisor (Docker's restart policy, systemd) restarts the pair.
function watchSidecar(
  sidecar: EmbeddedSidecar | undefined,
  app: App,
  shutdown: (reason: string) => Promise<void>,
) {
  sidecar?.onUnexpectedExit((code, signal) => {
    app.log.error({ code, signal }, 'embedded services stopped unexpectedly; shutting down')
    process.exitCode = 1
    void shutdown('embedded services exit')
  })
}

if (isEntryModule(import.meta.url)) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
