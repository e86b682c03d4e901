// The init steps of docker-compose.yml, run for real: deploy/postgres/app-role.sh against a
// Postgres that checks passwords, and deploy/seaweedfs/start.sh's identities file.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { KNOWN_BUCKETS, physicalBucket } from '../../lib/buckets'
import { silentLogger } from '../../server/db/logger.server'
import { applyMigrations } from '../../server/db/migrate.server'
import { parseEnv } from '../../server/env.server'
import { type PasswordPostgres, startPasswordPostgres } from '../helpers/password-postgres'

// Every printable ASCII character but space, the URL-reserved ones included.
const HARD = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('')
const secrets = mkdtempSync(join(tmpdir(), 'rm5-secrets-'))
afterAll(() => rmSync(secrets, { recursive: true, force: true }))
function secret(name: string, value: string): string {
  const file = join(secrets, name)
  writeFileSync(file, `${value}\n`)
  return file
}

describe('db-init: the app role (deploy/postgres/app-role.sh)', () => {
  let server: PasswordPostgres
  const superuserFile = secret('postgres_password', `su${HARD}`)

  beforeAll(async () => {
    server = await startPasswordPostgres(`su${HARD}`)
    // What an earlier install left: the app ran as the superuser, so it owns the schema.
    server.psql('CREATE DATABASE rm5')
    const superuserUrl = new URL(`postgres://postgres@127.0.0.1:${server.port}/rm5`)
    superuserUrl.password = encodeURIComponent(`su${HARD}`)
    await applyMigrations(superuserUrl.toString(), silentLogger)
    server.psql("CREATE TYPE legacy_mood AS ENUM ('ok')", 'rm5')
  }, 60_000)
  afterAll(() => server?.stop())

  const runInit = (passwordFile: string) =>
    execFileSync('sh', ['deploy/postgres/app-role.sh'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        PGHOST: '127.0.0.1',
        PGPORT: String(server.port),
        PGUSER: 'postgres',
        POSTGRES_PASSWORD_FILE: superuserFile,
        APP_DB_NAME: 'rm5',
        APP_DB_USER: 'rm5_app',
        APP_DB_PASSWORD_FILE: passwordFile,
      },
    })
  const appEnv = (passwordFile: string) =>
    parseEnv({
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(server.port),
      DATABASE_USER: 'rm5_app',
      DATABASE_PASSWORD_FILE: passwordFile,
      DATABASE_NAME: 'rm5',
    })
  async function connects(url: string): Promise<true | string> {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('SELECT 1')
      return true
    } catch (error) {
      return (error as { code?: string }).code ?? String(error)
    } finally {
      await client.end().catch(() => {})
    }
  }

  it('creates a role that owns the database and its objects but is no superuser', () => {
    expect(runInit(secret('db_app_password', `app${HARD}`))).toMatch(/role "rm5_app" owns database "rm5"/)
    expect(
      server.psql("SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = 'rm5_app'"),
    ).toBe('f|f|f')
    expect(server.psql("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'rm5'")).toBe(
      'rm5_app',
    )
    expect(
      server.psql(
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner <> 'rm5_app'",
        'rm5',
      ),
    ).toBe('0')
    expect(
      Number(server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", 'rm5')),
    ).toBeGreaterThan(3)
    expect(
      server.psql("SELECT pg_get_userbyid(typowner) FROM pg_type WHERE typname = 'legacy_mood'", 'rm5'),
    ).toBe('rm5_app')
    expect(
      server.psql("SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'", 'rm5'),
    ).toBe('rm5_app')
  })

  it('lets the app migrate and query with a password of every printable character', async () => {
    const { DATABASE_URL } = appEnv(join(secrets, 'db_app_password'))
    expect(await connects(DATABASE_URL as string)).toBe(true)
    // The migration engine reads the same encoded URL (nothing is pending: the old install ran them).
    expect(await applyMigrations(DATABASE_URL as string, silentLogger)).toEqual([])
    // A later migration can create and change tables as the app's role.
    const client = new pg.Client({ connectionString: DATABASE_URL })
    await client.connect()
    try {
      await client.query('CREATE TABLE app_probe (id int); DROP TABLE app_probe')
      await client.query('DELETE FROM "_prisma_migrations" WHERE false')
    } finally {
      await client.end()
    }
    // The server really checks: a wrong password is refused.
    const wrong = new URL(DATABASE_URL as string)
    wrong.password = 'not-the-password'
    expect(await connects(wrong.toString())).toBe('28P01')
  }, 60_000)

  it('rotates the password when run again (idempotent otherwise)', async () => {
    const before = appEnv(join(secrets, 'db_app_password')).DATABASE_URL as string
    runInit(secret('db_app_password_2', `rotated${HARD}`))
    expect(await connects(before)).toBe('28P01')
    expect(await connects(appEnv(join(secrets, 'db_app_password_2')).DATABASE_URL as string)).toBe(true)
    expect(server.psql("SELECT count(*) FROM pg_roles WHERE rolname = 'rm5_app'")).toBe('1')
  })
})

describe('storage identities (deploy/seaweedfs/start.sh)', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'))
  const storageEnv = compose.services.seaweedfs.environment as Record<string, string>

  function identities(adminSecret: string, appSecret: string) {
    const dir = mkdtempSync(join(tmpdir(), 'rm5-s3cfg-'))
    try {
      const config = join(dir, 's3.json')
      execFileSync('sh', ['deploy/seaweedfs/start.sh'], {
        env: {
          PATH: process.env.PATH,
          ...storageEnv,
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
    expect(storageEnv.S3_APP_BUCKETS?.split(' ').sort()).toEqual(KNOWN_BUCKETS.map(physicalBucket).sort())
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
  })
})
