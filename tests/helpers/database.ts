// A private, migrated database per test file, so test files can run in parallel: a fresh
// database with a unique name, dropped afterwards, on the server DATABASE_URL names (e.g.
// postgres://postgres@127.0.0.1:5432/test) or, without it, on the run's embedded Postgres server.
// Either way a real Postgres engine. A migrated one is a clone of the run's template database,
// which the migrations built once (tests/helpers/postgres-global.ts).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { adminQuery, databaseUrl } from './postgres-admin.ts'

export interface TestDatabase {
  url: string
  /** Merge into the env the app under test parses: points it at this database and a temp DATA_DIR. */
  env: { DATABASE_URL: string; DATA_DIR: string }
  /** Migrations applied by createTestDatabase (empty with `migrate: false`). */
  applied: string[]
  drop(): Promise<void>
}

export interface TestDatabaseOptions {
  /** Start with prisma/migrations applied (default true); false: an empty database. */
  migrate?: boolean
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rm5-test-'))
  const migrated = options.migrate !== false
  const template = inject('migratedTemplate')
  const created = await createOnServer(serverUrl(), migrated ? template.name : undefined)
  return {
    url: created.url,
    env: { DATABASE_URL: created.url, DATA_DIR: dataDir },
    applied: migrated ? [...template.applied] : [],
    async drop() {
      await created.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function createOnServer(serverUrl: string, template?: string) {
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  return {
    url: databaseUrl(serverUrl, name),
    // FORCE: a test that forgot to close its pool must not leave the database behind.
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}

/** The Postgres server the test databases live on: DATABASE_URL's, or the run's embedded one. */
export function serverUrl(): string {
  const url = process.env.DATABASE_URL || inject('embeddedPostgresUrl')
  if (!url)
    throw new Error(
      'No Postgres: set DATABASE_URL, or run through vitest.config.ts (its globalSetup starts one)',
    )
  return url
}

/**
 * A migrated database for the tests of a file or a describe block: created before them, dropped
 * after them. The object is filled in before the first test: use it in tests and hooks only.
 */
export function testDatabaseForTests(): TestDatabase {
  const testDb = {} as TestDatabase
  beforeAll(async () => {
    Object.assign(testDb, await createTestDatabase())
  })
  afterAll(() => testDb.drop?.())
  return testDb
}
