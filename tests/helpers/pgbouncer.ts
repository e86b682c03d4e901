// Debian's PgBouncer on loopback in front of the tests' Postgres server (DATABASE_URL's or the
// run's embedded one), in transaction mode and as strict as the poolers of managed services: no
// ignored startup parameters. Started per test file in its own directory; `stats()` reads its
// admin console.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from '../../scripts/lib/free-port.ts'
import { until } from './notification-receivers.ts'

/** Where Debian installs it; undefined when it is not installed. */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path))

export interface PgBouncer {
  port: number
  /** A URL to `database` through the pooler, as `user` (trust, like the machine's Postgres). */
  url(database: string, user?: string): string
  /** SHOW STATS of one database: transactions and queries the pooler passed on. */
  stats(database: string): Promise<{ transactions: number; queries: number }>
  log(): string
  stop(): Promise<void>
}

/** A libpq connection-string value, quoted so any password survives. */
const quoted = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`

/** Starts PgBouncer in front of the server `upstreamUrl` names, logging in upstream as its user. */
export async function startPgBouncer(upstreamUrl: string): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl)
  const login = [
    `host=${upstream.hostname}`,
    `port=${upstream.port || 5432}`,
    `user=${quoted(decodeURIComponent(upstream.username || 'postgres'))}`,
    ...(upstream.password ? [`password=${quoted(decodeURIComponent(upstream.password))}`] : []),
  ].join(' ')
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)')
  const dir = mkdtempSync(join(tmpdir(), 'rm5-pgbouncer-'))
  const port = await freePort()
  const ini = join(dir, 'pgbouncer.ini')
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n')
  writeFileSync(
    ini,
    `[databases]
* = ${login}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
admin_users = postgres
pool_mode = transaction
default_pool_size = 4
max_client_conn = 200
logfile = ${join(dir, 'pgbouncer.log')}
`,
  )
  // PgBouncer refuses to run as root: as root, it runs as the postgres system user.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
    for (const path of [dir, ini, join(dir, 'userlist.txt')]) chownSync(path, id('-u'), id('-g'))
  }
  const child: ChildProcess = spawn(PGBOUNCER, asRoot ? ['-u', 'postgres', ini] : [ini], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const url = (database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`
  const log = () =>
    existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : ''
  await until(
    'pgbouncer accepts connections',
    async () => {
      if (exited) throw new Error(`pgbouncer exited: ${log()}`)
      const client = new pg.Client({ connectionString: url('pgbouncer') })
      client.on('error', () => {})
      try {
        await client.connect()
        return true
      } catch {
        return false
      } finally {
        await client.end().catch(() => {})
      }
    },
    10_000,
  )
  return {
    port,
    url,
    async stats(database) {
      const client = new pg.Client({ connectionString: url('pgbouncer') })
      await client.connect()
      try {
        const { rows } = await client.query<Record<string, string>>('SHOW STATS')
        const row = rows.find((r) => r.database === database)
        return {
          transactions: Number(row?.total_xact_count ?? 0),
          queries: Number(row?.total_query_count ?? 0),
        }
      } finally {
        await client.end()
      }
    },
    log,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await gone
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
