// A private Postgres cluster that checks passwords (scram-sha-256), from the machine's own
// PostgreSQL binaries. The machine's shared server trusts every local connection, so it cannot
// show that a password survives the way from a secret file to the server.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/lib/free-port.ts'

export interface PasswordPostgres {
  port: number
  superuser: string
  superuserPassword: string
  /** Runs SQL as the superuser over the socket (psql), in database `postgres` unless told. */
  psql(sql: string, database?: string): string
  stop(): void
}

function postgresOwner(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return [id('-u'), id('-g')]
}

function binDir(): string {
  const root = '/usr/lib/postgresql'
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql')
  return join(root, version, 'bin')
}

export interface PasswordPostgresOptions {
  /** PEM certificate and key: the server then takes TLS connections only (hostssl). */
  tls?: { cert: string; key: string }
}

export async function startPasswordPostgres(
  superuserPassword: string,
  options: PasswordPostgresOptions = {},
): Promise<PasswordPostgres> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'rm5-pg-'))
  // initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user.
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' })
      : execFileSync(join(bin, command), args, { encoding: 'utf8' })
  const data = join(dir, 'data')
  const pwfile = join(dir, 'pw')
  writeFileSync(pwfile, superuserPassword)
  if (asRoot) {
    chownSync(dir, ...postgresOwner())
    chownSync(pwfile, ...postgresOwner())
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8'])
  rmSync(pwfile)
  let tlsArgs = ''
  if (options.tls) {
    // The key must belong to the server's user and be private to it, or Postgres refuses it.
    for (const [name, content] of Object.entries(options.tls)) {
      writeFileSync(join(data, `server.${name}`), content, { mode: 0o600 })
      if (asRoot) chownSync(join(data, `server.${name}`), ...postgresOwner())
    }
    const hba = join(data, 'pg_hba.conf')
    writeFileSync(hba, readFileSync(hba, 'utf8').replace(/^host(\s)/gm, 'hostssl$1'))
    tlsArgs = ' -c ssl=on -c ssl_cert_file=server.cert -c ssl_key_file=server.key'
  }
  const port = await freePort()
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${tlsArgs}`,
    'start',
  ])
  return {
    port,
    superuser: 'postgres',
    superuserPassword,
    psql(sql, database = 'postgres') {
      return execFileSync(
        'psql',
        [
          '-X',
          '-q',
          '-At',
          '-v',
          'ON_ERROR_STOP=1',
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-d',
          database,
          '-c',
          sql,
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, PGPASSWORD: superuserPassword },
        },
      ).trim()
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
