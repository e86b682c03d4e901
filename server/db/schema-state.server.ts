// Which migrations a database has applied, next to the ones this release carries, without the
// schema engine: what /readyz and `rm5 db wait` need to know whether the schema is behind. A
// schema ahead of this release (migrations it does not know, from a newer release) is fine:
// migrations are expand/contract (docs/upgrading.md), so older code keeps working on it.
import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

/** Relative to the working directory: the repo root in development, the app root in the image. */
export const defaultMigrationsDir = (): string => resolve('prisma/migrations')

export const MIGRATION_FILE = 'migration.sql'

/** The migrations this release carries: folders of prisma/migrations holding a migration.sql, by name. */
export async function localMigrationNames(migrationsDir = defaultMigrationsDir()): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true })
  const names = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) =>
        (await readdir(join(migrationsDir, entry.name))).includes(MIGRATION_FILE) ? entry.name : null,
      ),
  )
  return names.filter((name): name is string => name !== null).sort()
}

/** A pg Pool or Client. */
interface Queryable {
  query(sql: string): Promise<{ rows: unknown[] }>
}

/** Finished and not rolled back in `_prisma_migrations`, in the order applied; none without the table. */
export async function appliedMigrationNames(client: Queryable): Promise<string[]> {
  try {
    const { rows } = await client.query(
      `SELECT migration_name FROM _prisma_migrations
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
       ORDER BY started_at, migration_name`,
    )
    return (rows as { migration_name: string }[]).map((row) => row.migration_name)
  } catch (error) {
    // undefined_table: nothing was ever migrated.
    if ((error as { code?: string }).code === '42P01') return []
    throw error
  }
}

/** The release's migrations the database has not applied (the schema is behind while any is left). */
export const missingMigrations = (local: string[], applied: string[]): string[] => {
  const done = new Set(applied)
  return local.filter((name) => !done.has(name))
}

export interface SchemaWait {
  databaseUrl: string
  /** The release's migrations (localMigrationNames()). */
  local: string[]
  timeoutMs: number
  intervalMs?: number
  /** Told each time what is awaited changes: the missing migrations, or why the database could not be asked. */
  onWait?: (state: { missing: string[] } | { error: string }) => void
}

/**
 * Resolves once the database has applied every migration of `local` (more is fine: a newer
 * release migrated it); rejects with SchemaWaitTimeout when `timeoutMs` passes first. An
 * unreachable database is waited for too: the init container of a new pod starts with it.
 */
export async function waitForSchema(options: SchemaWait): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  let told = ''
  let missing: string[] = options.local
  for (;;) {
    let state: { missing: string[] } | { error: string }
    const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5000 })
    client.on('error', () => {})
    try {
      await client.connect()
      missing = missingMigrations(options.local, await appliedMigrationNames(client))
      if (missing.length === 0) return
      state = { missing }
    } catch (error) {
      state = { error: (error as { code?: string }).code ?? (error as Error).message }
    } finally {
      await client.end().catch(() => {})
    }
    const said = JSON.stringify(state)
    if (said !== told) options.onWait?.(state)
    told = said
    const left = deadline - Date.now()
    if (left <= 0)
      throw new SchemaWaitTimeout(options.timeoutMs, missing, 'error' in state ? state.error : undefined)
    await sleep(Math.min(options.intervalMs ?? 2000, left))
  }
}

export class SchemaWaitTimeout extends Error {
  constructor(
    readonly timeoutMs: number,
    readonly missing: string[],
    /** Why the last attempt could not ask the database, if it could not: then nothing is known of the schema. */
    readonly unreachable?: string,
  ) {
    super(
      unreachable === undefined
        ? `the database schema was not current after ${timeoutMs / 1000} s: ${missing.length} migration(s) not applied (${missing.join(', ')})`
        : `the database could not be reached within ${timeoutMs / 1000} s (${unreachable}): check DATABASE_URL and that Postgres is running`,
    )
  }
}
