// The one way the app reaches Postgres (docs/architecture.md: Database): DATABASE_URL when set, otherwise the
// embedded Postgres server in DATA_DIR (decision 024). Both go through the same `pg` pool and
// Prisma driver adapter.
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import type { Env } from '../env.server.ts'
import { withTimeout } from '../timeout.server.ts'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.server.ts'
import { PrismaClient } from './generated/client.ts'
import type { DbLogger } from './logger.server.ts'
import { appliedMigrationNames } from './schema-state.server.ts'

export { Prisma } from './generated/client.ts'
export { PrismaClient }

export interface Database {
  prisma: PrismaClient
  url: string
  /** True when this process uses the embedded Postgres (its own or another process's). */
  embedded: boolean
  /** Rejects within PING_TIMEOUT_MS unless Postgres answers `SELECT 1`. */
  ping(): Promise<void>
  /** The migrations `_prisma_migrations` holds as applied (server/db/schema-state), within PING_TIMEOUT_MS. */
  appliedMigrations(): Promise<string[]>
  /** Disconnects and, if this process owns the embedded Postgres, shuts it down cleanly. */
  close(): Promise<void>
}

/**
 * A request must fail fast (503 within 2 s) when Postgres is down: waiting for a connection,
 * whether a new one is being made or all are busy, ends after 1.5 s ("connection refused" fails
 * at once anyway), and a query the server has not answered within 1.9 s fails on our side.
 * The pool sends no startup parameters (no `statement_timeout`): PgBouncer refuses unknown ones
 * ("unsupported startup parameter"), so the server-side limit is the serving role's own setting
 * (`ALTER ROLE … SET statement_timeout`, deploy/postgres/roles.sh, decision 026).
 */
export const CONNECT_TIMEOUT_MS = 1500
export const QUERY_TIMEOUT_MS = 1900
export const PING_TIMEOUT_MS = 1500

/** How long the pool waits for a connection, and for a query's answer. */
export interface PoolTimeouts {
  connectMs: number
  queryMs: number
}

/** The server's: a request's 2 s budget, above. */
export const REQUEST_TIMEOUTS: PoolTimeouts = { connectMs: CONNECT_TIMEOUT_MS, queryMs: QUERY_TIMEOUT_MS }

/**
 * An admin command's (rm5, decision 002): nobody waits on a 2 s answer, and a busy machine (a
 * load of 15 made a connect take 1.6 s) must not fail the command; a Postgres that never answers
 * still ends it, in seconds. The serving role's own statement_timeout still applies (decision 026).
 */
export const COMMAND_TIMEOUTS: PoolTimeouts = { connectMs: 10_000, queryMs: 60_000 }

/**
 * `signal` gives up the start of the embedded Postgres: what it started is stopped before the
 * returned promise rejects (embedded.server.ts). `timeouts`: the server's unless said.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  log: DbLogger,
  { signal, timeouts = REQUEST_TIMEOUTS }: { signal?: AbortSignal; timeouts?: PoolTimeouts } = {},
): Promise<Database> {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.DATA_DIR, log, { signal })
  try {
    return connect(env.DATABASE_URL ?? (embedded as EmbeddedPostgres).url, embedded, log, timeouts)
  } catch (err) {
    await embedded?.close()
    throw err
  }
}

/** The pg pool with `timeouts` (the server's unless said); pg's own settings do all of it. */
export function createPool(url: string, options: { max: number; timeouts?: PoolTimeouts }): pg.Pool {
  const timeouts = options.timeouts ?? REQUEST_TIMEOUTS
  return new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: timeouts.connectMs,
    // pg's client-side timeout: a black-holed connection never delivers a server's error either.
    query_timeout: timeouts.queryMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  })
}

function connect(
  url: string,
  embedded: EmbeddedPostgres | null,
  log: DbLogger,
  timeouts: PoolTimeouts,
): Database {
  const pool = createPool(url, { max: 10, timeouts })
  // Without a listener, an idle connection dropped by the server (restart, failover) would be
  // an unhandled 'error' event and kill the process. The next query simply reconnects.
  pool.on('error', (err) => log.warn({ err }, 'idle Postgres connection lost'))

  const adapter = new PrismaPg(pool, {
    onConnectionError: (err) => log.warn({ err }, 'Postgres connection lost during a transaction'),
  })
  const prisma = new PrismaClient({ adapter })

  let closing: Promise<void> | undefined
  return {
    prisma,
    url,
    embedded: embedded !== null,
    ping: () =>
      withTimeout(
        pool.query('SELECT 1').then(() => {}),
        PING_TIMEOUT_MS,
        'database ping',
      ),
    appliedMigrations: () => withTimeout(appliedMigrationNames(pool), PING_TIMEOUT_MS, 'migrations query'),
    close() {
      closing ??= (async () => {
        try {
          await prisma.$disconnect()
          await pool.end()
        } finally {
          await embedded?.close()
        }
      })()
      return closing
    },
  }
}
