// TLS to Postgres, for a URL and for parts alike (decision 026): DATABASE_SSLMODE and
// DATABASE_SSL_CA_FILE are written into DATABASE_URL as libpq's `sslmode` and `sslrootcert`, with
// `uselibpqcompat=true` so node-postgres gives them libpq's meanings (without it, pg treats
// `require` as `verify-full`). Every consumer of the URL (the pool, the migration engine, advisory
// locks, the CLI) then connects the same way.
import { accessSync, constants } from 'node:fs'

/** libpq's modes that node-postgres can honour; `allow` and `prefer` fall back to plain text, which it cannot. */
export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const
export type SslMode = (typeof SSL_MODES)[number]

type Source = Record<string, string | undefined>

export class DatabaseTlsError extends Error {}

const isSet = (value: string | undefined): value is string => value !== undefined && value !== ''
const isSslMode = (value: string): value is SslMode => (SSL_MODES as readonly string[]).includes(value)

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

/** Returns the source with DATABASE_URL carrying the TLS settings; throws naming the variable. */
export function databaseTls(source: Source, canRead = readable): Source {
  const envMode = source.DATABASE_SSLMODE
  const envCa = source.DATABASE_SSL_CA_FILE
  if (!isSet(source.DATABASE_URL)) {
    if (isSet(envMode) || isSet(envCa)) {
      const name = isSet(envMode) ? 'DATABASE_SSLMODE' : 'DATABASE_SSL_CA_FILE'
      throw new DatabaseTlsError(
        `Invalid environment variable ${name}: needs DATABASE_URL or DATABASE_HOST (the embedded database has no TLS)`,
      )
    }
    return source
  }
  // Not a URL: the env schema names DATABASE_URL for it.
  if (!URL.canParse(source.DATABASE_URL)) return source
  const url = new URL(source.DATABASE_URL)
  const urlMode = url.searchParams.get('sslmode') ?? undefined
  const urlCa = url.searchParams.get('sslrootcert') ?? undefined
  if (isSet(envMode) && urlMode) {
    throw new DatabaseTlsError(
      'Invalid environment variable DATABASE_SSLMODE: DATABASE_URL already has sslmode, set one of them',
    )
  }
  if (isSet(envCa) && urlCa) {
    throw new DatabaseTlsError(
      'Invalid environment variable DATABASE_SSL_CA_FILE: DATABASE_URL already has sslrootcert, set one of them',
    )
  }
  const modeName = isSet(envMode) ? 'DATABASE_SSLMODE' : 'DATABASE_URL'
  const ca = isSet(envCa) ? envCa : urlCa
  const caName = isSet(envCa) ? 'DATABASE_SSL_CA_FILE' : 'DATABASE_URL'
  // A CA alone means "check the server against it", libpq's strictest mode.
  const mode = (isSet(envMode) ? envMode : urlMode) ?? (ca ? 'verify-full' : undefined)
  if (mode === undefined) return source
  if (!isSslMode(mode)) {
    throw new DatabaseTlsError(
      `Invalid environment variable ${modeName}: sslmode "${mode}" is not supported; use ${SSL_MODES.join(', ')}`,
    )
  }
  if (ca && !canRead(ca)) {
    throw new DatabaseTlsError(`Invalid environment variable ${caName}: cannot read the CA file ${ca}`)
  }
  if (mode === 'verify-ca' && !ca) {
    throw new DatabaseTlsError(
      `Invalid environment variable ${modeName}: verify-ca needs DATABASE_SSL_CA_FILE (the CA to check against)`,
    )
  }
  url.searchParams.set('sslmode', mode)
  if (ca) url.searchParams.set('sslrootcert', ca)
  url.searchParams.set('uselibpqcompat', 'true')
  return { ...source, DATABASE_URL: url.toString(), DATABASE_SSLMODE: mode }
}
