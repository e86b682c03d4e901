// Vitest globalSetup: without DATABASE_URL, one embedded Postgres server (decision 024) for the
// whole run, started once here; every test file gets a fresh database on it
// (tests/helpers/database.ts), exactly as it does on the server DATABASE_URL names.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's embedded Postgres server (maintenance database); unset with DATABASE_URL. */
    embeddedPostgresUrl?: string
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) return undefined
  const dataDir = await mkdtemp(join(tmpdir(), 'rm5-test-postgres-'))
  // Thrown away after the run: durability off, as a test run needs none of it.
  const server = await startEmbeddedPostgres(dataDir, silentLogger, { throwaway: true })
  project.provide('embeddedPostgresUrl', server.url)
  return async () => {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
