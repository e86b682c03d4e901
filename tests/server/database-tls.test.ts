// DATABASE_SSLMODE and DATABASE_SSL_CA_FILE against a real Postgres that takes TLS connections
// only, with a certificate from a private CA naming 127.0.0.1 (and not "localhost"): libpq's
// meanings, for a URL and for parts alike, through the app's pool and the migration engine.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMAND_TIMEOUTS, createPool } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { type PasswordPostgres, startPasswordPostgres } from '../helpers/password-postgres.ts'

const PASSWORD = 'tls/pa:ss@word'
const dir = mkdtempSync(join(tmpdir(), 'rm5-tls-'))
const file = (name: string) => join(dir, name)
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })

/** Two CAs, and a server certificate the first signed for the address 127.0.0.1 only. */
function makeCertificates() {
  const newKey = ['-newkey', 'rsa:2048', '-nodes']
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      'req',
      '-x509',
      ...newKey,
      '-days',
      '2',
      '-subj',
      `/CN=rm5 test ${ca}`,
      '-keyout',
      file(`${ca}.key`),
      '-out',
      file(`${ca}.pem`),
    )
  }
  openssl(
    'req',
    ...newKey,
    '-subj',
    '/CN=rm5 test server',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  )
  writeFileSync(file('san.ext'), 'subjectAltName = IP:127.0.0.1\n')
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.cert'),
  )
}

let server: PasswordPostgres
beforeAll(async () => {
  makeCertificates()
  server = await startPasswordPostgres(PASSWORD, {
    tls: { cert: readFileSync(file('server.cert'), 'utf8'), key: readFileSync(file('server.key'), 'utf8') },
  })
  server.psql('CREATE DATABASE rm5')
}, 60_000)
afterAll(() => {
  server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const parts = (extra: Record<string, string>) =>
  parseEnv({
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: String(server.port),
    DATABASE_USER: 'postgres',
    DATABASE_PASSWORD: PASSWORD,
    DATABASE_NAME: 'rm5',
    ...extra,
  })

/**
 * Whether the app's pool connects over TLS; the error's code when it cannot. With a command's
 * timeouts: what is held is TLS's meaning, and a handshake on a busy machine can outlast a
 * request's connect timeout.
 */
async function sslInUse(env: ReturnType<typeof parseEnv>): Promise<boolean | string> {
  const pool = createPool(env.DATABASE_URL as string, { max: 1, timeouts: COMMAND_TIMEOUTS })
  pool.on('error', () => {})
  try {
    const { rows } = await pool.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    )
    return rows[0]?.ssl ?? false
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  } finally {
    await pool.end()
  }
}

describe('TLS to Postgres', () => {
  it('encrypts with require, without checking the certificate', async () => {
    expect(await sslInUse(parts({ DATABASE_SSLMODE: 'require' }))).toBe(true)
  })

  it('checks the certificate and the host name with verify-full and the CA', async () => {
    expect(
      await sslInUse(parts({ DATABASE_SSLMODE: 'verify-full', DATABASE_SSL_CA_FILE: file('ca.pem') })),
    ).toBe(true)
    // A CA alone means verify-full.
    expect(await sslInUse(parts({ DATABASE_SSL_CA_FILE: file('ca.pem') }))).toBe(true)
  })

  it('refuses a certificate another CA signed, or a host name it does not name', async () => {
    const otherCa = await sslInUse(
      parts({ DATABASE_SSLMODE: 'verify-full', DATABASE_SSL_CA_FILE: file('other-ca.pem') }),
    )
    expect(otherCa).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE')
    const byName = (mode: string) =>
      sslInUse(
        parts({ DATABASE_HOST: 'localhost', DATABASE_SSLMODE: mode, DATABASE_SSL_CA_FILE: file('ca.pem') }),
      )
    expect(await byName('verify-full')).toBe('ERR_TLS_CERT_ALTNAME_INVALID')
    // verify-ca checks the chain only, as in libpq.
    expect(await byName('verify-ca')).toBe(true)
  })

  it('is refused by a TLS-only server with disable', async () => {
    expect(await sslInUse(parts({ DATABASE_SSLMODE: 'disable' }))).toBe('28000')
  })

  it('takes the same settings with DATABASE_URL, and the migration engine connects with them', async () => {
    const url = new URL(`postgres://postgres@127.0.0.1:${server.port}/rm5`)
    url.password = encodeURIComponent(PASSWORD)
    const env = parseEnv({
      DATABASE_URL: url.toString(),
      DATABASE_SSLMODE: 'verify-full',
      DATABASE_SSL_CA_FILE: file('ca.pem'),
    })
    expect(await sslInUse(env)).toBe(true)
    expect((await applyMigrations(env.DATABASE_URL as string, silentLogger)).length).toBeGreaterThan(0)
    // libpq's own spelling in the URL works too.
    url.searchParams.set('sslmode', 'require')
    expect(await sslInUse(parseEnv({ DATABASE_URL: url.toString() }))).toBe(true)
  }, 60_000)

  it('names the variable for settings it cannot honour', () => {
    expect(() => parts({ DATABASE_SSLMODE: 'prefer' })).toThrow(
      /DATABASE_SSLMODE: sslmode "prefer" is not supported/,
    )
    expect(() => parts({ DATABASE_SSLMODE: 'verify-ca' })).toThrow(/verify-ca needs DATABASE_SSL_CA_FILE/)
    expect(() => parts({ DATABASE_SSL_CA_FILE: file('missing.pem') })).toThrow(
      /DATABASE_SSL_CA_FILE: cannot read/,
    )
    expect(() => parseEnv({ DATABASE_SSLMODE: 'require' })).toThrow(/DATABASE_SSLMODE: needs DATABASE_URL/)
    expect(() =>
      parseEnv({ DATABASE_URL: 'postgres://u@h/db?sslmode=require', DATABASE_SSLMODE: 'verify-full' }),
    ).toThrow(/DATABASE_URL already has sslmode/)
  })
})
