// Vitest globalSetup: the run's Postgres server and one migrated template database on it.
// Without DATABASE_URL the server is one embedded Postgres (decision 024), started once here.
// Every test file then gets a fresh database cloned from the template (tests/helpers/database.ts):
// Postgres copies a template's files, which is far cheaper than running every migration again in
// each file, and the clone holds exactly what the migrations made (their `_prisma_migrations` rows
// too).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { adminQuery, databaseUrl } from './postgres-admin.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's embedded Postgres server (maintenance database); unset with DATABASE_URL. */
    embeddedPostgresUrl?: string
    /** The run's migrated template database and the migrations it holds. */
    migratedTemplate: { name: string; applied: string[] }
  }
}

interface RunDatabase {
  embeddedUrl?: string
  template: { name: string; applied: string[] }
  stop(): Promise<void>
}

// Both Vitest projects (vitest.config.ts) run this setup in the one main process: the first
// starts the run's Postgres and template, the other takes the same, and the last to finish stops it.
const shared = globalThis as { rm5RunDatabase?: { ready: Promise<RunDatabase>; users: number } }

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.rm5RunDatabase ??= { ready: startRunDatabase(), users: 0 }
  const run = shared.rm5RunDatabase
  run.users++
  const database = await run.ready
  if (database.embeddedUrl) project.provide('embeddedPostgresUrl', database.embeddedUrl)
  project.provide('migratedTemplate', database.template)
  return async () => {
    if (--run.users > 0) return
    delete shared.rm5RunDatabase
    await database.stop()
  }
}

async function startRunDatabase(): Promise<RunDatabase> {
  let serverUrl = process.env.DATABASE_URL
  let embeddedUrl: string | undefined
  let stopEmbedded = async () => {}
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rm5-test-postgres-'))
    // Thrown away after the run: durability off, as a test run needs none of it.
    const server = await startEmbeddedPostgres(dataDir, silentLogger, { throwaway: true })
    embeddedUrl = server.url
    serverUrl = server.url
    stopEmbedded = async () => {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  const template = `test_template_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`)
  const applied = await applyMigrations(databaseUrl(serverUrl, template), silentLogger)
  const server = serverUrl
  return {
    embeddedUrl,
    template: { name: template, applied },
    async stop() {
      await adminQuery(server, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
      await stopEmbedded()
    },
  }
}
