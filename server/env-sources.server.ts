// Turns what a deployment sets into the flat variables the env schema validates:
// - Docker-secrets style `NAME_FILE` variants: the secret is read from that file, so it never
//   has to sit in the compose file, the process list or `docker inspect`.
// - A Postgres connection from parts (DATABASE_HOST, DATABASE_USER, DATABASE_PASSWORD, ...),
//   percent-encoded here: a password straight out of `openssl rand -base64` contains `/`, `+` or
//   `=`, which would break a hand-written DATABASE_URL.
import { readFileSync } from 'node:fs'

/** Variables that may hold a secret, each also accepted as NAME_FILE. */
export const SECRET_VARIABLES = [
  'COOKIE_SECRET',
  'COOKIE_SECRET_PREVIOUS',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'REDIS_URL',
  'NOTIFY_WEBHOOK_URL',
  'NOTIFY_WEBHOOK_SECRET',
  'SMTP_URL',
  'METRICS_TOKEN',
  'ADMIN_OIDC_CLIENT_SECRET',
] as const

export const DATABASE_PARTS = [
  'DATABASE_HOST',
  'DATABASE_PORT',
  'DATABASE_NAME',
  'DATABASE_USER',
  'DATABASE_PASSWORD',
] as const

type Source = Record<string, string | undefined>

/** Thrown with a message that names the variable; parseEnv wraps it as an EnvError. */
export class EnvSourceError extends Error {}

const isSet = (value: string | undefined): value is string => value !== undefined && value !== ''

/** Replaces each NAME_FILE by NAME read from the file (one trailing newline dropped; empty: unset). */
export function readSecretFiles(source: Source, read = (file: string) => readFileSync(file, 'utf8')): Source {
  const out: Source = { ...source }
  for (const name of SECRET_VARIABLES) {
    const file = source[`${name}_FILE`]
    delete out[`${name}_FILE`]
    if (!isSet(file)) continue
    if (isSet(source[name])) {
      throw new EnvSourceError(
        `Invalid environment variable ${name}_FILE: set either ${name} or ${name}_FILE, not both`,
      )
    }
    let text: string
    try {
      text = read(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
      throw new EnvSourceError(`Invalid environment variable ${name}_FILE: cannot read ${file} (${code})`)
    }
    // Editors and `echo` end files with a newline; it is never part of a secret. An empty file is
    // "not set", like an empty variable: Kubernetes and compose mount every secret file, and an
    // optional one you do not use (COOKIE_SECRET_PREVIOUS between rotations) stays empty.
    const value = text.replace(/\r?\n$/, '')
    if (value !== '') out[name] = value
  }
  return out
}

/** Builds DATABASE_URL from DATABASE_HOST and friends, percent-encoding every part. */
export function databaseUrlFromParts(source: Source): Source {
  const given = DATABASE_PARTS.filter((name) => isSet(source[name]))
  if (given.length === 0) return source
  if (isSet(source.DATABASE_URL)) {
    throw new EnvSourceError(
      `Invalid environment variable DATABASE_URL: set either DATABASE_URL or ${given.join(', ')}, not both`,
    )
  }
  for (const required of ['DATABASE_HOST', 'DATABASE_USER', 'DATABASE_NAME'] as const) {
    if (!isSet(source[required])) {
      throw new EnvSourceError(`Invalid environment variable ${required}: required with ${given.join(', ')}`)
    }
  }
  const port = source.DATABASE_PORT ?? ''
  if (port !== '' && !/^\d{1,5}$/.test(port)) {
    throw new EnvSourceError('Invalid environment variable DATABASE_PORT: must be a port number')
  }
  // pg decodes the path with decodeURI, which leaves %2F and %23 encoded: keep names plain.
  if (!/^[A-Za-z0-9_.-]+$/.test(source.DATABASE_NAME as string)) {
    throw new EnvSourceError(
      'Invalid environment variable DATABASE_NAME: use letters, digits, "_", "." and "-" only',
    )
  }
  const host = source.DATABASE_HOST as string
  const url = new URL('postgres://placeholder')
  // An IPv6 address goes in brackets; the URL setter would silently ignore it otherwise.
  url.hostname = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  if (url.hostname === 'placeholder') {
    throw new EnvSourceError('Invalid environment variable DATABASE_HOST: not a host name or address')
  }
  url.port = port
  // The URL setters percent-encode what the userinfo and path cannot hold; pg decodes them.
  url.username = encodeURIComponent(source.DATABASE_USER as string)
  if (isSet(source.DATABASE_PASSWORD)) url.password = encodeURIComponent(source.DATABASE_PASSWORD)
  url.pathname = `/${source.DATABASE_NAME}`
  const out: Source = { ...source, DATABASE_URL: url.toString() }
  for (const name of DATABASE_PARTS) delete out[name]
  return out
}
