// Applies the plain-SQL migrations in prisma/migrations with Prisma's WASM schema engine
// (docs/architecture.md: Migrations). The engine keeps the same `_prisma_migrations` table as `prisma migrate deploy`
// (checksums, timestamps, an advisory lock against concurrent runs), so either tool can take over.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg'
import pg from 'pg'
import { type DbLogger, silentLogger } from './logger.server.ts'
import { noFilters, withSchemaEngine } from './schema-engine.server.ts'
import { appliedMigrationNames, defaultMigrationsDir, MIGRATION_FILE } from './schema-state.server.ts'

export { defaultMigrationsDir, MIGRATION_FILE }

export const LOCKFILE = 'migration_lock.toml'

/** Reads the migrations folder the way the Prisma CLI does: one folder per migration, by name. */
export async function readMigrations(migrationsDir = defaultMigrationsDir()): Promise<MigrationList> {
  const lockContent = await readFile(join(migrationsDir, LOCKFILE), 'utf8').catch(() => null)
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  })
  const migrationDirectories = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({
        path: entry.name,
        migrationFile: {
          path: MIGRATION_FILE,
          content: await readFile(join(migrationsDir, entry.name, MIGRATION_FILE), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (err: Error) => ({ tag: 'error' as const, value: err.message }),
          ),
        },
      })),
  )
  // Same order as the Prisma CLI, so both tools agree on what "next" means.
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path))
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCKFILE, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  }
}

export interface MigrateOptions {
  migrationsDir?: string
}

/** Applies every migration not yet in `_prisma_migrations`; returns the names it applied, in order. */
export async function applyMigrations(
  databaseUrl: string,
  log: DbLogger = silentLogger,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrationsList = await readMigrations(options.migrationsDir)
  const { appliedMigrationNames } = await withSchemaEngine(databaseUrl, log, (engine) =>
    engine.applyMigrations({ migrationsList, filters: noFilters }),
  )
  for (const name of appliedMigrationNames) log.info({ migration: name }, 'applied database migration')
  return appliedMigrationNames
}

export interface MigrationStatus {
  /** Folders in prisma/migrations, in apply order. */
  local: string[]
  /** Finished and not rolled back in `_prisma_migrations`, in the order they were applied. */
  applied: string[]
  /** Local migrations the database has not applied yet. */
  pending: string[]
  /** Started but never finished: needs an admin (restore the backup taken before the upgrade: docs/upgrading.md). */
  failed: string[]
  /** Applied, but the local file changed since (checksum mismatch). */
  edited: string[]
  /** Applied in the database but missing locally (e.g. an older checkout). */
  unknown: string[]
}

/** Compares prisma/migrations with the database's `_prisma_migrations`, changing nothing. */
export async function migrationStatus(
  databaseUrl: string,
  log: DbLogger = silentLogger,
  options: MigrateOptions = {},
): Promise<MigrationStatus> {
  const migrationsList = await readMigrations(options.migrationsDir)
  const local = migrationsList.migrationDirectories.map((dir) => dir.path)
  const diagnosis = await withSchemaEngine(databaseUrl, log, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: noFilters }),
  )
  const applied = diagnosis.hasMigrationsTable ? await appliedMigrations(databaseUrl) : []
  return {
    local,
    applied,
    pending: local.filter(
      (name) => !applied.includes(name) && !diagnosis.failedMigrationNames.includes(name),
    ),
    failed: diagnosis.failedMigrationNames,
    edited: diagnosis.editedMigrationNames,
    unknown: applied.filter((name) => !local.includes(name)),
  }
}

async function appliedMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
  client.on('error', () => {})
  await client.connect()
  try {
    return await appliedMigrationNames(client)
  } finally {
    await client.end()
  }
}
