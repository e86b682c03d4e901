// The listener: parse env, open Postgres and storage (embedded when unconfigured), build the app,
// listen, and drain on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { buildApp } from './app.server'
import { type Database, openDatabase } from './db/database.server'
import { type Env, EnvError, parseEnv } from './env.server'
import { loggerOptions } from './logger.server'
import { openStorage, type Storage } from './storage/storage.server'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface StartOptions {
  mode?: 'production' | 'development'
  /** Runs after services open and before the app listens (migrations, demo media). */
  beforeListen?: (services: { env: Env; db: Database; storage: Storage; log: pino.Logger }) => Promise<void>
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
  const db = await openDatabase(env, log)
  const storage = await openStorage(env, log).catch(async (error) => {
    await db.close()
    throw error
  })
  const closeServices = async () => {
    await Promise.allSettled([db.close(), storage.close()])
  }
  try {
    await storage.ensureBuckets()
    await options.beforeListen?.({ env, db, storage, log })
    const mode = options.mode ?? (env.NODE_ENV === 'production' ? 'production' : 'development')
    const app = await buildApp({ env, db, storage, pages: { mode, root: projectRoot } })
    installShutdown(app, closeServices)
    await app.listen({ port: env.PORT, host: env.HOST })
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
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
