// The listener: parse env, start the embedded Postgres/S3 in their own process when unconfigured,
// open them, build the app, listen, and drain on SIGTERM/SIGINT.
import pino from 'pino'
import { buildApp } from './app.server'
import { openDatabase } from './db/database.server'
import { type EmbeddedSidecar, startEmbeddedSidecar } from './embedded/sidecar.server'
import { type Env, EnvError, parseEnv } from './env.server'
import { loggerOptions } from './logger.server'
import { startIdleGc } from './memory/idle-gc.server'
import { isEntryModule, projectRootOf } from './process-entry'
import { openStorage } from './storage/storage.server'

export const projectRoot = projectRootOf(import.meta.url)

export interface StartOptions {
  mode?: 'production' | 'development'
  /**
   * Runs after services open and before the app listens (migrations, demo media: scripts/start.ts
   * runs them in a child process so their libraries never load into the server).
   */
  beforeListen?: () => Promise<void>
}

export function loadEnvOrExit(): Env {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

export async function startServer(options: StartOptions = {}) {
  const env = loadEnvOrExit()
  const log = pino(loggerOptions(env) as pino.LoggerOptions)
  const sidecar = await startEmbeddedSidecar(env, log)
  const db = await openDatabase(env, log).catch(async (error) => {
    await sidecar?.stop()
    throw error
  })
  const storage = await openStorage(env, log).catch(async (error) => {
    await db.close()
    await sidecar?.stop()
    throw error
  })
  const closeServices = async () => {
    await Promise.allSettled([db.close(), storage.close()])
    // Last: in-flight requests have drained and our connections are closed.
    await sidecar?.stop()
  }
  try {
    await storage.ensureBuckets()
    await options.beforeListen?.()
    const mode = options.mode ?? (env.NODE_ENV === 'production' ? 'production' : 'development')
    const app = await buildApp({ env, db, storage, pages: { mode, root: projectRoot } })
    const shutdown = installShutdown(app, closeServices)
    watchSidecar(sidecar, app, shutdown)
    await app.listen({ port: env.PORT, host: env.HOST })
    // Memory back after bursts (decision 012); stops with the process (its timer is unref'd).
    startIdleGc(undefined, (freed, ms) =>
      app.log.debug({ freedMb: Math.round(freed / 1048576), ms: Math.round(ms) }, 'idle garbage collection'),
    )
    return app
  } catch (error) {
    await closeServices()
    throw error
  }
}

function installShutdown(app: Awaited<ReturnType<typeof buildApp>>, closeServices: () => Promise<void>) {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: draining in-flight requests')
    // Fastify stops accepting connections, waits for in-flight requests, then runs onClose hooks.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    try {
      await app.close()
      await closeServices()
      app.log.info('shutdown complete')
      process.exit(process.exitCode ?? 0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  return shutdown
}

// Without its database and storage the server can only fail requests: exit non-zero so the
// supervisor (Docker's restart policy, systemd) restarts the pair.
function watchSidecar(
  sidecar: EmbeddedSidecar | undefined,
  app: Awaited<ReturnType<typeof buildApp>>,
  shutdown: (signal: string) => Promise<void>,
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
