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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl = process.env.DATABASE_URL
  let stopEmbedded = async () => {}
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rm5-test-postgres-'))
    // Thrown away after the run: durability off, as a test run needs none of it.
    const server = await startEmbeddedPostgres(dataDir, silentLogger, { throwaway: true })
    project.provide('embeddedPostgresUrl', server.url)
    serverUrl = server.url
    stopEmbedded = async () => {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  const template = `test_template_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`)
  const applied = await applyMigrations(databaseUrl(serverUrl, template), silentLogger)
  project.provide('migratedTemplate', { name: template, applied })
  const server = serverUrl
  return async () => {
    await adminQuery(server, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
    await stopEmbedded()
  }
}
