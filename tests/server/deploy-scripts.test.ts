// The init steps of docker-compose.yml, run for real: deploy/postgres/roles.sh against a
// Postgres that checks passwords, and deploy/seaweedfs/start.sh's identities file.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { KNOWN_BUCKETS, physicalBucket } from '../../lib/buckets.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { type PasswordPostgres, startPasswordPostgres } from '../helpers/password-postgres.ts'

// Every printable ASCII character but space, the URL-reserved ones included.
const HARD = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('')
const secrets = mkdtempSync(join(tmpdir(), 'rm5-secrets-'))
afterAll(() => rmSync(secrets, { recursive: true, force: true }))
function secret(name: string, value: string): string {
  const file = join(secrets, name)
  writeFileSync(file, `${value}\n`)
  return file
}

/** Runs SQL as `url`'s role; the SQLSTATE when Postgres refuses it. */
async function runAs(url: string, sql: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query(sql)
    return true
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

// db-init has run once on an earlier install's database before each test (beforeAll), so every
// test starts from it and they pass in any order (vitest --sequence.shuffle).
describe('db-init: the owner and the serving role (deploy/postgres/roles.sh)', () => {
  let server: PasswordPostgres
  let firstInit: string
  const superuserFile = secret('postgres_password', `su${HARD}`)
  const ownerFile = secret('db_owner_password', `owner${HARD}`)
  /** The serving role's current password file (the rotation test changes it). */
  let appFile = secret('db_app_password', `app${HARD}`)

  beforeAll(async () => {
    server = await startPasswordPostgres(`su${HARD}`)
    // What earlier installs left: before 1.0 the app ran as the superuser (which owns the tables
    // and a type); in 1.0 db-init made rm5_app the owner of the database and its schema.
    server.psql('CREATE DATABASE rm5')
    const superuserUrl = new URL(`postgres://postgres@127.0.0.1:${server.port}/rm5`)
    superuserUrl.password = encodeURIComponent(`su${HARD}`)
    await applyMigrations(superuserUrl.toString(), silentLogger)
    server.psql("CREATE TYPE legacy_mood AS ENUM ('ok')", 'rm5')
    server.psql("CREATE ROLE rm5_app LOGIN PASSWORD 'old'")
    server.psql('ALTER DATABASE rm5 OWNER TO rm5_app')
    server.psql('ALTER SCHEMA public OWNER TO rm5_app', 'rm5')
    server.psql('CREATE TABLE app_made (id int)', 'rm5')
    server.psql('ALTER TABLE app_made OWNER TO rm5_app', 'rm5')
    firstInit = runInit(appFile)
  }, 180_000)
  afterAll(() => server?.stop())

  const runInit = (
    passwordFile: string,
    admin = { user: 'postgres', passwordFile: superuserFile },
    db = 'rm5',
    owner = db === 'rm5' ? 'rm5_owner' : `${db}_owner`,
  ) =>
    execFileSync('sh', ['deploy/postgres/roles.sh'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PGHOST: '127.0.0.1',
        PGPORT: String(server.port),
        PGUSER: admin.user,
        POSTGRES_PASSWORD_FILE: admin.passwordFile,
        APP_DB_NAME: db,
        APP_DB_OWNER: owner,
        APP_DB_OWNER_PASSWORD_FILE: ownerFile,
        APP_DB_USER: db === 'rm5' ? 'rm5_app' : `${db}_app`,
        APP_DB_PASSWORD_FILE: passwordFile,
      },
    })
  const urlOf = (user: string, passwordFile: string, db = 'rm5') =>
    parseEnv({
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(server.port),
      DATABASE_USER: user,
      DATABASE_PASSWORD_FILE: passwordFile,
      DATABASE_NAME: db,
    }).DATABASE_URL as string

  it('gives the database, its schema and every object to the owner; neither role is a superuser', () => {
    expect(firstInit).toMatch(/"rm5_owner" owns database "rm5"/)
    expect(
      server.psql(
        "SELECT string_agg(rolname || rolsuper || rolcreatedb || rolcreaterole, ',' ORDER BY rolname) FROM pg_roles WHERE rolname IN ('rm5_app', 'rm5_owner')",
      ),
    ).toBe('rm5_appfalsefalsefalse,rm5_ownerfalsefalsefalse')
    expect(server.psql("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'rm5'")).toBe(
      'rm5_owner',
    )
    expect(
      server.psql(
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner <> 'rm5_owner'",
        'rm5',
      ),
    ).toBe('0')
    expect(server.psql("SELECT tableowner FROM pg_tables WHERE tablename = 'app_made'", 'rm5')).toBe(
      'rm5_owner',
    )
    expect(
      server.psql("SELECT pg_get_userbyid(typowner) FROM pg_type WHERE typname = 'legacy_mood'", 'rm5'),
    ).toBe('rm5_owner')
    expect(
      server.psql("SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'", 'rm5'),
    ).toBe('rm5_owner')
  }, 60_000)

  it('lets the serving role read and write rows with a password of every printable character, and nothing more', async () => {
    const app = urlOf('rm5_app', appFile)
    expect(
      await runAs(
        app,
        `INSERT INTO contact_messages (id, name, email, message) VALUES (gen_random_uuid(), 'A', 'a@example.org', 'hi')`,
      ),
    ).toBe(true)
    expect(await runAs(app, 'UPDATE contact_messages SET name = $$B$$; DELETE FROM contact_messages')).toBe(
      true,
    )
    // No DDL: 42501 is insufficient_privilege.
    expect(await runAs(app, 'CREATE TABLE app_probe (id int)')).toBe('42501')
    expect(await runAs(app, 'ALTER TABLE contact_messages ADD COLUMN probe int')).toBe('42501')
    expect(await runAs(app, 'DROP TABLE app_made')).toBe('42501')
    // Checking the migrations needs no DDL; applying one as the serving role fails.
    await expect(applyMigrations(app, silentLogger)).resolves.toEqual([])
    const later = mkdtempSync(join(tmpdir(), 'rm5-later-migrations-'))
    try {
      cpSync('prisma/migrations', later, { recursive: true })
      mkdirSync(join(later, '99990101000000_probe'))
      writeFileSync(join(later, '99990101000000_probe', 'migration.sql'), 'CREATE TABLE probe (id int);\n')
      await expect(applyMigrations(app, silentLogger, { migrationsDir: later })).rejects.toThrow(
        /permission denied/,
      )
    } finally {
      rmSync(later, { recursive: true, force: true })
    }
    const client = new pg.Client({ connectionString: app })
    await client.connect()
    try {
      expect((await client.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('5s')
    } finally {
      await client.end()
    }
    // The server really checks: a wrong password is refused.
    const wrong = new URL(app)
    wrong.password = 'not-the-password'
    expect(await runAs(wrong.toString(), 'SELECT 1')).toBe('28P01')
  }, 60_000)

  it('gives the serving role the rows of tables a later migration creates', async () => {
    const owner = urlOf('rm5_owner', ownerFile)
    expect(await runAs(owner, 'CREATE TABLE later_table (id serial PRIMARY KEY, note text)')).toBe(true)
    const app = urlOf('rm5_app', appFile)
    expect(await runAs(app, "INSERT INTO later_table (note) VALUES ('x'); SELECT * FROM later_table")).toBe(
      true,
    )
    expect(await runAs(owner, 'DROP TABLE later_table')).toBe(true)
  }, 60_000)

  it('rotates both passwords when run again (idempotent otherwise)', async () => {
    const before = urlOf('rm5_app', appFile)
    const rotated = secret('db_app_password_2', `rotated${HARD}`)
    runInit(rotated)
    appFile = rotated
    expect(await runAs(before, 'SELECT 1')).toBe('28P01')
    expect(await runAs(urlOf('rm5_app', rotated), 'SELECT 1')).toBe(true)
    expect(server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('rm5_app', 'rm5_owner')")).toBe('2')
  }, 60_000)

  it('works for a managed service’s admin: CREATEROLE and CREATEDB, no superuser', async () => {
    const adminFile = secret('cloud_admin_password', `admin${HARD}`)
    server.psql(
      `CREATE ROLE cloud_admin LOGIN CREATEROLE CREATEDB PASSWORD '${`admin${HARD}`.replaceAll("'", "''")}'`,
    )
    const appFile = secret('managed_app_password', `m${HARD}`)
    const output = runInit(appFile, { user: 'cloud_admin', passwordFile: adminFile }, 'managed')
    expect(output).toMatch(/"managed_owner" owns database "managed"/)
    // The owner migrates (the `migrate` step), the serving role then works with the rows.
    const owner = urlOf('managed_owner', ownerFile, 'managed')
    expect((await applyMigrations(owner, silentLogger)).length).toBeGreaterThan(0)
    const app = urlOf('managed_app', appFile, 'managed')
    expect(await runAs(app, 'SELECT count(*) FROM retailer_applications')).toBe(true)
    expect(await runAs(app, 'CREATE TABLE nope (id int)')).toBe('42501')
    // Run again (a rotation): still no superuser needed.
    expect(runInit(appFile, { user: 'cloud_admin', passwordFile: adminFile }, 'managed')).toMatch(
      /owns database/,
    )
  }, 60_000)

  it('refuses to go on when a site role is a superuser', () => {
    server.psql('CREATE ROLE su_owner SUPERUSER LOGIN')
    const run = () => runInit(appFile, { user: 'postgres', passwordFile: superuserFile }, 'rm5', 'su_owner')
    expect(run).toThrow(/role su_owner is a superuser/)
  }, 60_000)
})

describe('storage identities (deploy/seaweedfs/start.sh)', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'))
  const storageEnv = compose.services.seaweedfs.environment as Record<string, string>

  function identities(adminSecret: string, appSecret: string, bucketPrefix = '') {
    const dir = mkdtempSync(join(tmpdir(), 'rm5-s3cfg-'))
    try {
      const config = join(dir, 's3.json')
      execFileSync('sh', ['deploy/seaweedfs/start.sh'], {
        env: {
          PATH: process.env.PATH,
          ...storageEnv,
          S3_BUCKET_PREFIX: bucketPrefix,
          S3_ADMIN_ACCESS_KEY: 'rm5-admin',
          S3_ADMIN_SECRET_KEY_FILE: secret('s3_admin', adminSecret),
          S3_APP_SECRET_KEY_FILE: secret('s3_app', appSecret),
          S3_CONFIG: config,
          S3_CONFIG_ONLY: '1',
        },
      })
      return JSON.parse(readFileSync(config, 'utf8')).identities as Array<{
        name: string
        credentials?: Array<{ accessKey: string; secretKey: string }>
        actions: string[]
      }>
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('lists exactly the site buckets the app knows', () => {
    expect(storageEnv.S3_APP_BUCKETS?.split(' ').sort()).toEqual(
      KNOWN_BUCKETS.map((bucket) => physicalBucket(bucket)).sort(),
    )
  })

  it('gives the app key its buckets only, anonymous readers read only, and keeps secrets exact', () => {
    const [admin, app, anonymous] = identities(`a"\\${HARD}`, `b${HARD}`)
    expect(admin?.credentials?.[0]?.secretKey).toBe(`a"\\${HARD}`)
    expect(admin?.actions).toContain('Admin')
    expect(app?.credentials?.[0]).toEqual({ accessKey: 'rm5-app', secretKey: `b${HARD}` })
    expect(app?.actions.every((action) => /^(Admin|Read|Write|List|Tagging):[a-z0-9-]+$/.test(action))).toBe(
      true,
    )
    expect(app?.actions).toContain('Write:heros')
    expect(anonymous?.credentials).toBeUndefined()
    expect(anonymous?.actions.every((action) => action.startsWith('Read:'))).toBe(true)
    // The data room's originals are never readable without the app's key.
    expect(app?.actions).toContain('Read:documents')
    expect(anonymous?.actions).toContain('Read:heros')
    expect(anonymous?.actions).not.toContain('Read:documents')
  })

  it('names the buckets with S3_BUCKET_PREFIX, as the app does', () => {
    // Compose passes the app's prefix to the storage too (a variable, interpolated by Compose).
    expect(storageEnv.S3_BUCKET_PREFIX).toBe(compose.services.app.environment.S3_BUCKET_PREFIX)
    const [, app, anonymous] = identities('a', 'b', 'acme-rm5-')
    expect(app?.actions).toContain(`Write:${physicalBucket('Heros', 'acme-rm5-')}`)
    expect(app?.actions.every((action) => action.includes(':acme-rm5-'))).toBe(true)
    expect(anonymous?.actions).toContain('Read:acme-rm5-360')
  })
})
