// Upgrading from the previous release (docs/upgrading.md, decision 027). A database at release
// 1.0.0's schema (its migrations only) with rows in every table takes this release's migrations;
// then every row must still be there with every value it had, and this release's code reads it.
// Expand/contract: release 1.0.0's own queries (its Prisma client, generated from its schema)
// must keep working on the migrated database, since old replicas serve beside new ones during a
// rolling update and after a rollback of the code.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations, LOCKFILE, readMigrations } from '../../server/db/migrate.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

/** The previous release and the last migration it shipped (prisma/migrations sorts by name). */
const PREVIOUS = { version: '1.0.0', lastMigration: '20261124204902_notifications_and_docket_activity' }
const FIXTURES = resolve('tests/upgrade')
/** The previous release's models and their tables. */
const PREVIOUS_MODELS = [
  ['retailerApplication', 'retailer_applications'],
  ['contactMessage', 'contact_messages'],
  ['accessCode', 'access_codes'],
  ['accessAttempt', 'access_attempts'],
  ['notification', 'notifications'],
  ['docketView', 'docket_views'],
] as const

type Row = Record<string, unknown>
let testDb: TestDatabase
let admin: pg.Client
/** Every row of every table at the previous release, by table. */
const before = new Map<string, Row[]>()
/** The migrations the upgrade applied, and every row right after it (before any test wrote). */
let applied: string[] = []
const after = new Map<string, Row[]>()

/** The public tables (but Prisma's own), and each one's rows as JSON, in primary-key order. */
async function snapshot(): Promise<Map<string, Row[]>> {
  const { rows: tables } = await admin.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
     WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
  )
  const out = new Map<string, Row[]>()
  for (const { name } of tables) {
    const { rows } = await admin.query<{ row: Row }>(
      `SELECT to_jsonb(t) AS row FROM ${pg.escapeIdentifier(name)} t ORDER BY 1`,
    )
    out.set(
      name,
      rows.map((r) => r.row),
    )
  }
  return out
}

beforeAll(async () => {
  testDb = await createTestDatabase({ migrate: false })
  // The previous release's migrations: the folders up to its last one.
  const previousDir = mkdtempSync(join(tmpdir(), 'rm5-migrations-previous-'))
  try {
    const all = await readMigrations()
    for (const { path } of all.migrationDirectories.filter((dir) => dir.path <= PREVIOUS.lastMigration)) {
      cpSync(join('prisma/migrations', path), join(previousDir, path), { recursive: true })
    }
    cpSync(join('prisma/migrations', LOCKFILE), join(previousDir, LOCKFILE))
    const applied = await applyMigrations(testDb.url, silentLogger, { migrationsDir: previousDir })
    expect(applied.at(-1)).toBe(PREVIOUS.lastMigration)
  } finally {
    rmSync(previousDir, { recursive: true, force: true })
  }
  admin = new pg.Client({ connectionString: testDb.url })
  await admin.connect()
  await admin.query(readFileSync(join(FIXTURES, `seed-${PREVIOUS.version}.sql`), 'utf8'))
  for (const [table, rows] of await snapshot()) before.set(table, rows)
  // The upgrade itself is the setup: each test below checks one of its consequences, in any order.
  applied = await applyMigrations(testDb.url, silentLogger)
  for (const [table, rows] of await snapshot()) after.set(table, rows)
}, 60_000)

afterAll(async () => {
  await admin?.end()
  await testDb?.drop()
})

describe(`upgrading a database from release ${PREVIOUS.version}`, () => {
  it('starts from data in every table of the previous release', () => {
    expect(before.size).toBeGreaterThanOrEqual(6)
    for (const [table, rows] of before) expect(rows.length, `rows in ${table}`).toBeGreaterThan(0)
  })

  it('applies this release’s migrations and keeps every row with every value', async () => {
    const local = (await readMigrations()).migrationDirectories.map((dir) => dir.path)
    expect(applied).toEqual(local.filter((name) => name > PREVIOUS.lastMigration))
    expect(await applyMigrations(testDb.url, silentLogger), 'nothing left to apply').toEqual([])
    for (const [table, rows] of before) {
      // Expand/contract: a table of the previous release is never dropped or renamed...
      const now = after.get(table)
      expect(now, `table ${table}`).toBeDefined()
      expect(now, `rows of ${table}`).toHaveLength(rows.length)
      // ...nor a column, nor a value changed: each old row is still there, whatever columns were added.
      const oldColumns = Object.keys(rows[0] as Row)
      const project = (row: Row) => Object.fromEntries(oldColumns.map((column) => [column, row[column]]))
      expect(now?.map(project), `values of ${table}`).toEqual(rows)
    }
  })

  it('is read by this release’s code', async () => {
    const db = await openDatabase({ DATABASE_URL: testDb.url, DATA_DIR: tmpdir() }, silentLogger)
    try {
      const [application] = await db.prisma.retailerApplication.findMany({ orderBy: { createdAt: 'asc' } })
      expect(application?.additionalInfo).toBe('Line one\r\nLine two — 東京 🚚')
      expect(application?.averageOrderValue?.toString()).toBe('42.5')
      const notification = await db.prisma.notification.findFirst({ where: { event: 'application.created' } })
      expect(notification?.payload).toMatchObject({ nested: { n: 1.5, list: [1, null] } })
      expect(await db.prisma.docketView.count()).toBe(before.get('docket_views')?.length)
      expect(await db.prisma.accessCode.count({ where: { notify: true } })).toBe(1)
    } finally {
      await db.close()
    }
  })
})

describe(`release ${PREVIOUS.version}'s code on this release's schema (expand/contract)`, () => {
  // The previous release's Prisma client, generated from its schema, inside node_modules so its
  // imports of @prisma/client resolve.
  const outDir = resolve(`node_modules/.cache/rm5-previous-client-${randomBytes(4).toString('hex')}`)
  // biome-ignore lint/suspicious/noExplicitAny: the generated client's types are not in this program
  let previous: any
  let pool: pg.Pool

  beforeAll(async () => {
    mkdirSync(outDir, { recursive: true })
    const schema = readFileSync(join(FIXTURES, `schema-${PREVIOUS.version}.prisma`), 'utf8').replace(
      /output\s*=\s*"[^"]*"/,
      'output = "./client"',
    )
    writeFileSync(join(outDir, 'schema.prisma'), schema)
    const generate = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/run/prisma-generate.ts', '--schema', join(outDir, 'schema.prisma')],
      { encoding: 'utf8' },
    )
    if (generate.status !== 0)
      throw new Error(`prisma generate failed:\n${generate.stdout}\n${generate.stderr}`)
    const { PrismaClient } = await import(join(outDir, 'client', 'client.ts'))
    pool = new pg.Pool({ connectionString: testDb.url, max: 2 })
    pool.on('error', () => {})
    previous = new PrismaClient({ adapter: new PrismaPg(pool) })
  }, 120_000)

  afterAll(async () => {
    await previous?.$disconnect()
    await pool?.end()
    rmSync(outDir, { recursive: true, force: true })
  })

  it('reads every row of every model it knows', async () => {
    for (const [model, table] of PREVIOUS_MODELS) {
      const rows = await previous[model].findMany()
      expect(rows.length, model).toBe(before.get(table)?.length)
    }
  })

  it('writes, updates and deletes rows as it did', async () => {
    const application = await previous.retailerApplication.create({
      data: {
        companyName: 'Rolling Update Market',
        businessType: 'Grocery Store',
        numberOfLocations: 1,
        contactName: 'Old Replica',
        email: 'old@example.org',
        phone: '(512) 555-0199',
      },
    })
    const message = await previous.contactMessage.create({
      data: { name: 'Old', email: 'old@example.org', message: 'still here' },
    })
    const code = await previous.accessCode.create({ data: { retailer: 'compass', codeHash: '$argon2id$x' } })
    await previous.accessCode.update({
      where: { id: code.id },
      data: { useCount: { increment: 1 }, lastUsedAt: new Date() },
    })
    const attempt = await previous.accessAttempt.create({
      data: { retailer: 'compass', ipHash: 'abc', outcome: 'granted' },
    })
    const view = await previous.docketView.create({
      data: { retailer: 'compass', codeId: code.id, page: '/docket', ipHash: 'abc' },
    })
    await previous.notification.create({
      data: {
        event: 'application.created',
        channel: 'webhook',
        payload: { id: application.id },
        giveUpAt: new Date(Date.now() + 3_600_000),
      },
    })
    // Deletes everything it wrote, so that the rows the other tests count are the upgrade's own.
    await previous.$transaction([
      previous.notification.deleteMany({ where: { payload: { equals: { id: application.id } } } }),
      previous.retailerApplication.delete({ where: { id: application.id } }),
      previous.contactMessage.delete({ where: { id: message.id } }),
      previous.docketView.delete({ where: { id: view.id } }),
      previous.accessAttempt.delete({ where: { id: attempt.id } }),
      previous.accessCode.delete({ where: { id: code.id } }),
    ])
    for (const [model, table] of PREVIOUS_MODELS) {
      expect(await previous[model].count(), model).toBe(before.get(table)?.length)
    }
  })
})
