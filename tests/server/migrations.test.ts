// Migrations against a real Postgres (DATABASE_URL or the run's embedded server), plus the
// embedded database's own lifecycle (decision 024). A first start runs initdb, hence the timeouts.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statFields } from '../../scripts/lib/proc-stat.ts'
import { openDatabase } from '../../server/db/database.server.ts'
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations, migrationStatus, readMigrations } from '../../server/db/migrate.server.ts'
import { diffSchemas } from '../../server/db/schema-engine.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { rm5Entry } from '../helpers/run-cli.ts'

const SLOW = 60_000

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** Alive and not a zombie (an orphan's exit is reaped by whoever is PID 1, maybe never). */
function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false
  return statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0] !== 'Z'
}

// Everything that defines the shape of the public schema, in a stable order.
async function schemaSnapshot(url: string) {
  const columns = await query(
    url,
    `SELECT table_name, column_name, data_type, is_nullable, column_default,
            numeric_precision, numeric_scale, datetime_precision
       FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      ORDER BY table_name, column_name`,
  )
  const indexes = await query(
    url,
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
      ORDER BY tablename, indexname`,
  )
  const constraints = await query(
    url,
    `SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'
      ORDER BY 1, 2`,
  )
  return { columns, indexes, constraints }
}

describe('migrations', () => {
  let db: TestDatabase
  // The first migration of the empty database, run by whichever test comes first (any order):
  // each test sees what it applied.
  let firstRun: Promise<string[]> | undefined
  const migrated = () => {
    firstRun ??= applyMigrations(db.url)
    return firstRun
  }

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false })
  }, SLOW)
  afterAll(() => db?.drop())

  it(
    'creates every table and column',
    async () => {
      const local = (await readMigrations()).migrationDirectories.map((dir) => dir.path)
      expect(await migrated()).toEqual(local)

      const rows = await query<{ table_name: string; column_name: string; data_type: string }>(
        db.url,
        `SELECT table_name, column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
      )
      const tables: Record<string, string[]> = {}
      for (const row of rows) tables[row.table_name] = [...(tables[row.table_name] ?? []), row.column_name]
      expect(tables).toEqual({
        _prisma_migrations: [
          'id',
          'checksum',
          'finished_at',
          'migration_name',
          'logs',
          'rolled_back_at',
          'started_at',
          'applied_steps_count',
        ],
        access_attempts: ['id', 'retailer', 'ip_hash', 'outcome', 'created_at', 'count'],
        admins: ['id', 'email', 'role', 'created_at'],
        analytics_goals: ['id', 'at', 'day', 'visitor', 'goal'],
        analytics_rollups: [
          'day',
          'dimension',
          'value',
          'visitors',
          'views',
          'applications',
          'contacts',
          'gates',
        ],
        analytics_salts: ['day', 'salt'],
        analytics_views: [
          'id',
          'at',
          'day',
          'visitor',
          'path',
          'referrer',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'device',
          'browser',
        ],
        admin_sessions: ['id', 'token_hash', 'admin_id', 'created_at', 'last_seen_at', 'method'],
        admin_sign_in_links: ['id', 'token_hash', 'admin_id', 'created_at', 'expires_at', 'used_at'],
        admin_passkeys: [
          'id',
          'admin_id',
          'public_key',
          'counter',
          'transports',
          'created_at',
          'last_used_at',
        ],
        admin_webauthn_challenges: ['challenge', 'purpose', 'admin_id', 'expires_at'],
        form_returns: ['id', 'path', 'state', 'expires_at'],
        audit_entries: ['id', 'at', 'actor', 'action', 'target', 'details', 'client_hash'],
        reading_clocks: ['document_id', 'viewer', 'started_at', 'counted', 'last_spent', 'updated_at'],
        access_codes: [
          'id',
          'retailer',
          'code_hash',
          'label',
          'created_at',
          'expires_at',
          'revoked_at',
          'last_used_at',
          'use_count',
          'notify',
          'allow_domains',
          'require_email',
          'denied_emails',
        ],
        access_sessions: [
          'id',
          'retailer',
          'code_id',
          'email',
          'created_at',
          'expires_at',
          'ended_at',
          'ended_by',
        ],
        agreement_acceptances: [
          'id',
          'agreement_id',
          'code_id',
          'email',
          'ip_hash',
          'accepted_at',
          'session_id',
        ],
        agreements: ['id', 'retailer', 'version', 'body', 'sha256', 'created_at', 'cleared_at'],
        contact_messages: ['id', 'created_at', 'idempotency_key', 'name', 'email', 'company', 'message'],
        docket_views: [
          'id',
          'retailer',
          'code_id',
          'page',
          'ip_hash',
          'count',
          'created_at',
          'last_at',
          'email',
        ],
        document_versions: [
          'id',
          'document_id',
          'version',
          'object_key',
          'file_name',
          'size',
          'sha256',
          'pages',
          'words',
          'uploaded_at',
          'html',
        ],
        document_views: [
          'id',
          'document_id',
          'version',
          'retailer',
          'code_id',
          'email',
          'page',
          'ip_hash',
          'opens',
          'seconds',
          'first_at',
          'last_at',
          'downloads',
        ],
        documents: [
          'id',
          'retailer',
          'title',
          'kind',
          'current_version',
          'notify',
          'created_at',
          'updated_at',
          'removed_at',
          'public',
          'code_ids',
          'download',
        ],
        email_links: ['id', 'token_hash', 'code_id', 'email', 'created_at', 'expires_at', 'used_at'],
        notifications: [
          'id',
          'event',
          'channel',
          'payload',
          'created_at',
          'attempts',
          'next_attempt_at',
          'give_up_at',
          'locked_until',
          'delivered_at',
          'failed_at',
          'last_error',
          'dedupe_key',
        ],
        partners: [
          'slug',
          'name',
          'tint',
          'ink',
          'monogram',
          'audience',
          'logo_key',
          'open',
          'position',
          'created_at',
          'updated_at',
          'removed_at',
        ],
        retailer_applications: [
          'id',
          'created_at',
          'idempotency_key',
          'company_name',
          'business_type',
          'number_of_locations',
          'contact_name',
          'email',
          'phone',
          'average_order_value',
          'monthly_order_volume',
          'current_delivery_method',
          'additional_info',
        ],
      })
      const type = (table: string, column: string) =>
        rows.find((row) => row.table_name === table && row.column_name === column)?.data_type
      expect(type('access_codes', 'expires_at')).toBe('timestamp with time zone')
      expect(type('retailer_applications', 'average_order_value')).toBe('numeric')
      expect(type('access_attempts', 'id')).toBe('bigint')
    },
    SLOW,
  )

  it(
    'is a no-op the second time',
    async () => {
      await migrated()
      const before = await query(db.url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name')
      expect(before.length).toBeGreaterThan(0)
      expect(await applyMigrations(db.url)).toEqual([])
      expect(await query(db.url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name')).toEqual(before)
      const status = await migrationStatus(db.url)
      expect(status.pending).toEqual([])
      expect(status.applied).toEqual(status.local)
    },
    SLOW,
  )

  it(
    'lets the Prisma client read and write the migrated tables',
    async () => {
      await migrated()
      const database = await openDatabase({ DATABASE_URL: db.url, DATA_DIR: db.env.DATA_DIR }, silentLogger)
      try {
        await database.ping()
        const application = await database.prisma.retailerApplication.create({
          data: {
            companyName: 'Corner Shop',
            businessType: 'Convenience Store',
            numberOfLocations: 3,
            contactName: 'Ana',
            email: 'ana@example.com',
            phone: '+1 512 555 0100',
            averageOrderValue: '24.95',
          },
        })
        expect(application.averageOrderValue?.toString()).toBe('24.95')
        const attempt = await database.prisma.accessAttempt.create({
          data: { retailer: 'circlek', ipHash: 'abc', outcome: 'denied' },
        })
        expect(typeof attempt.id).toBe('bigint')
      } finally {
        await database.close()
      }
    },
    SLOW,
  )
})

describe('committed migrations match prisma/schema.prisma', () => {
  // A schema change without `npm run db -- new <name>` fails here.
  let fromMigrations: TestDatabase
  let fromSchema: TestDatabase

  beforeAll(async () => {
    ;[fromMigrations, fromSchema] = await Promise.all([
      createTestDatabase(),
      createTestDatabase({ migrate: false }),
    ])
  }, SLOW)
  afterAll(() => Promise.all([fromMigrations?.drop(), fromSchema?.drop()]))

  it(
    'build the same database as the schema',
    async () => {
      const schema = [
        { path: 'prisma/schema.prisma', content: await readFile('prisma/schema.prisma', 'utf8') },
      ]
      const script = await diffSchemas(null, schema, silentLogger)
      const { migrationDirectories } = await readMigrations()
      if (migrationDirectories.length === 1) {
        // While there is only the first migration it must be exactly what Prisma generates.
        const [init] = migrationDirectories
        expect(init?.migrationFile.content).toEqual({ tag: 'ok', value: script })
      }
      await query(fromSchema.url, script)
      expect(await schemaSnapshot(fromMigrations.url)).toEqual(await schemaSnapshot(fromSchema.url))
    },
    SLOW,
  )
})

/** A new data directory's first start: migrations, data kept across a restart, pg.json shared. */
async function migratesAndRestarts(dataDir: string) {
  const env = { DATA_DIR: dataDir }
  const first = await openDatabase(env, silentLogger)
  expect(first.embedded).toBe(true)
  try {
    expect((await applyMigrations(first.url)).length).toBeGreaterThan(0)
    await first.prisma.contactMessage.create({
      data: { name: 'Ana', email: 'ana@example.com', message: 'Hello', idempotencyKey: 'k1' },
    })

    const info = JSON.parse(await readFile(join(dataDir, 'pg.json'), 'utf8'))
    expect(info).toEqual({ pid: process.pid, port: Number(new URL(first.url).port) })

    // A second user of the same DATA_DIR attaches instead of starting a second server.
    const second = await startEmbeddedPostgres(dataDir, silentLogger)
    expect(second.owner).toBe(false)
    expect(second.url).toBe(first.url)
    expect(await query(second.url, 'SELECT count(*)::int AS n FROM contact_messages')).toEqual([{ n: 1 }])
    await second.close()
    await first.ping()
  } finally {
    await first.close()
  }
  await expect(readFile(join(dataDir, 'pg.json'), 'utf8')).rejects.toThrow()

  const reopened = await openDatabase(env, silentLogger)
  try {
    expect(await applyMigrations(reopened.url)).toEqual([])
    const messages = await reopened.prisma.contactMessage.findMany()
    expect(messages.map((m) => m.idempotencyKey)).toEqual(['k1'])
  } finally {
    await reopened.close()
  }
}

// Each test starts from a stopped data directory (a new one, or the one beforeAll took through a
// first start: migrated, one contact message) and leaves it stopped as it found it, so they pass in any order
// (vitest --sequence.shuffle).
describe('embedded Postgres', () => {
  /** Migrated, one contact message stored, no server running. */
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rm5-embedded-'))
    await migratesAndRestarts(dataDir)
  }, 3 * SLOW)
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  /** `work` while this process owns the embedded Postgres in dataDir, stopped again after it. */
  async function whileOwned(work: (owner: EmbeddedPostgres) => Promise<void>): Promise<void> {
    const owner = await startEmbeddedPostgres(dataDir, silentLogger)
    try {
      await work(owner)
    } finally {
      await owner.close()
    }
  }

  it(
    'migrates, keeps data across a restart and shares itself through pg.json',
    async () => {
      const freshDir = await mkdtemp(join(tmpdir(), 'rm5-embedded-fresh-'))
      try {
        await migratesAndRestarts(freshDir)
      } finally {
        await rm(freshDir, { recursive: true, force: true })
      }
    },
    SLOW,
  )

  it(
    'serves another process: the db CLI attaches to the running instance',
    async () => {
      await whileOwned(async () => {
        const { DATABASE_URL: _, ...env } = process.env
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [rm5Entry(), 'db', 'status'], {
          env: { ...env, DATA_DIR: dataDir },
        })
        expect(stderr).toContain('Using embedded Postgres of the running server')
        expect(stdout).toContain('Database is up to date.')
      })
    },
    SLOW,
  )

  it(
    'excludes other sessions as production Postgres does: advisory locks, SKIP LOCKED, row locks',
    async () => {
      await whileOwned(async (owner) => {
        const [a, b] = [new pg.Client(owner.url), new pg.Client(owner.url)]
        try {
          await Promise.all([a.connect(), b.connect()])
          const tryLock = (client: pg.Client) =>
            client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(42) AS ok').then((r) => r.rows[0]?.ok)
          expect(await tryLock(a)).toBe(true)
          expect(await tryLock(b)).toBe(false)

          await a.query('BEGIN')
          const locked = await a.query('SELECT id FROM contact_messages FOR UPDATE SKIP LOCKED')
          expect(locked.rowCount).toBe(1)
          const skipped = await b.query('SELECT id FROM contact_messages FOR UPDATE SKIP LOCKED')
          expect(skipped.rowCount).toBe(0)
          await a.query('ROLLBACK')
        } finally {
          await Promise.all([a.end(), b.end()])
        }
      })
    },
    SLOW,
  )

  it(
    'answers concurrent queries from a pool and keeps transactions apart',
    async () => {
      await whileOwned(async (owner) => {
        const pool = new pg.Pool({ connectionString: owner.url, max: 8 })
        // Stopping the server ends idle connections with "terminating connection due to administrator command".
        pool.on('error', () => {})
        try {
          // Different statements with parameters from 8 connections at once must not mix up.
          const results = await Promise.all(
            Array.from({ length: 200 }, (_, i) =>
              pool.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [i]).then((r) => r.rows[0]?.n),
            ),
          )
          expect(results).toEqual(Array.from({ length: 200 }, (_, i) => 2 * i))

          // Another session never sees a row of a transaction that is still open (and rolled back).
          const tx = await pool.connect()
          await tx.query('BEGIN')
          await tx.query(
            `INSERT INTO access_attempts (retailer, ip_hash, outcome) VALUES ('partner', 'h', 'granted')`,
          )
          const outside = pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM access_attempts WHERE retailer = 'partner'`,
          )
          await tx.query('ROLLBACK')
          tx.release()
          expect((await outside).rows).toEqual([{ n: 0 }])
        } finally {
          await pool.end()
        }
      })
    },
    SLOW,
  )

  it(
    'takes over a pg.json left by a process that died',
    async () => {
      const dead = await promisify(execFile)(process.execPath, ['-p', 'process.pid'])
      await writeFile(join(dataDir, 'pg.json'), JSON.stringify({ pid: Number(dead.stdout), port: 1 }))
      await whileOwned(async (owner) => {
        expect(owner.owner).toBe(true)
        expect(await query(owner.url, 'SELECT count(*)::int AS n FROM contact_messages')).toEqual([{ n: 1 }])
      })
    },
    SLOW,
  )

  it(
    'stops a server left running by a process that was killed, then serves the same data',
    async () => {
      const script = `import { startEmbeddedPostgres } from './server/db/embedded.server.ts'
        await startEmbeddedPostgres(${JSON.stringify(dataDir)}); process.kill(process.pid, 'SIGKILL')`
      await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ]).catch((error: { signal?: string }) => expect(error.signal).toBe('SIGKILL'))
      const orphan = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
      expect(running(orphan)).toBe(true)
      await whileOwned(async (owner) => {
        expect(owner.owner).toBe(true)
        expect(running(orphan)).toBe(false)
        expect(await query(owner.url, 'SELECT count(*)::int AS n FROM contact_messages')).toEqual([{ n: 1 }])
      })
    },
    SLOW,
  )
})

describe('a DATA_DIR from a release that ran PGlite', () => {
  it(
    'moves the PGlite folder aside (never deletes it), says so, and starts a new database',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rm5-embedded-pglite-'))
      try {
        // PGlite's folder looks like a cluster (PG_VERSION 18) that Postgres refuses to open.
        await mkdir(join(dataDir, 'pg'))
        await writeFile(join(dataDir, 'pg', 'PG_VERSION'), '18\n')
        await writeFile(join(dataDir, 'pg', 'pglite-rows'), 'the old rows')
        const warnings: string[] = []
        const log = { ...silentLogger, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') }
        const owner = await startEmbeddedPostgres(dataDir, log)
        try {
          expect(await query(owner.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }])
        } finally {
          await owner.close()
        }
        const aside = (await readdir(dataDir)).filter((name) => name.startsWith('pg-pglite-'))
        expect(aside).toHaveLength(1)
        expect(await readFile(join(dataDir, aside[0] ?? '', 'pglite-rows'), 'utf8')).toBe('the old rows')
        expect(warnings.join('\n')).toContain('made by PGlite')
      } finally {
        await rm(dataDir, { recursive: true, force: true })
      }
    },
    SLOW,
  )
})
