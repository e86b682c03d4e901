import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'pg-connection-string'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'

const dir = mkdtempSync(join(tmpdir(), 'rm5-env-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
function secretFile(name: string, content: string): string {
  const file = join(dir, name)
  writeFileSync(file, content)
  return file
}

// Every printable ASCII character, the ones URLs reserve included.
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')

describe('NAME_FILE secrets', () => {
  it('reads each secret from its file and drops the trailing newline', () => {
    const env = parseEnv({
      COOKIE_SECRET_FILE: secretFile('cookie', `${'c'.repeat(40)}\n`),
      S3_SECRET_KEY_FILE: secretFile('s3', 'se/cr+et=\r\n'),
      S3_ACCESS_KEY_FILE: secretFile('s3-access', 'rm5-app'),
      REDIS_URL_FILE: secretFile('redis', 'redis://:p%40ss@redis:6379\n'),
      DATABASE_URL_FILE: secretFile('db-url', 'postgres://u:p@db:5432/rm5\n'),
    })
    expect(env.COOKIE_SECRET).toBe('c'.repeat(40))
    expect(env.S3_SECRET_KEY).toBe('se/cr+et=')
    expect(env.S3_ACCESS_KEY).toBe('rm5-app')
    expect(env.REDIS_URL).toBe('redis://:p%40ss@redis:6379')
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/rm5')
    expect(env).not.toHaveProperty('COOKIE_SECRET_FILE')
  })

  it('takes an empty file as unset, as an empty variable', () => {
    const env = parseEnv({
      COOKIE_SECRET_FILE: secretFile('cookie-set', `${'c'.repeat(40)}\n`),
      COOKIE_SECRET_PREVIOUS_FILE: secretFile('cookie-previous-empty', ''),
      METRICS_TOKEN_FILE: secretFile('metrics-empty', '\n'),
    })
    expect(env.COOKIE_SECRET).toBe('c'.repeat(40))
    expect(env).not.toHaveProperty('COOKIE_SECRET_PREVIOUS')
    expect(env).not.toHaveProperty('METRICS_TOKEN')
  })

  it('names the variable when the file is missing or both forms are set', () => {
    expect(() => parseEnv({ COOKIE_SECRET_FILE: join(dir, 'missing') })).toThrow(
      /COOKIE_SECRET_FILE: cannot read .*missing \(ENOENT\)/,
    )
    expect(() => parseEnv({ S3_SECRET_KEY: 'x', S3_SECRET_KEY_FILE: secretFile('both', 'y') })).toThrow(
      /set either S3_SECRET_KEY or S3_SECRET_KEY_FILE/,
    )
  })

  it('validates a secret read from a file like one given directly', () => {
    expect(() => parseEnv({ COOKIE_SECRET_FILE: secretFile('short', 'short\n') })).toThrow(
      /COOKIE_SECRET: must be at least 32 characters/,
    )
  })
})

describe('DATABASE_URL from parts', () => {
  it('encodes a password of every printable character so pg reads it back exactly', () => {
    const env = parseEnv({
      DATABASE_HOST: 'postgres',
      DATABASE_PORT: '5433',
      DATABASE_USER: 'rm5 app@x',
      DATABASE_PASSWORD_FILE: secretFile('db-password', `${PRINTABLE}\n`),
      DATABASE_NAME: 'rm5_site-1.db',
    })
    const parsed = parse(env.DATABASE_URL as string)
    expect(parsed.password).toBe(PRINTABLE)
    expect(parsed.user).toBe('rm5 app@x')
    expect(parsed.database).toBe('rm5_site-1.db')
    expect(parsed.host).toBe('postgres')
    expect(parsed.port).toBe('5433')
  })

  it('accepts an IPv6 host and no password', () => {
    const env = parseEnv({ DATABASE_HOST: '::1', DATABASE_USER: 'u', DATABASE_NAME: 'd' })
    expect(parse(env.DATABASE_URL as string).host).toBe('::1')
  })

  it('refuses incomplete or conflicting settings with the variable named', () => {
    expect(() => parseEnv({ DATABASE_HOST: 'db', DATABASE_NAME: 'rm5' })).toThrow(/DATABASE_USER: required/)
    expect(() => parseEnv({ DATABASE_URL: 'postgres://a@b/c', DATABASE_HOST: 'db' })).toThrow(
      /set either DATABASE_URL or DATABASE_HOST/,
    )
    expect(() =>
      parseEnv({ DATABASE_HOST: 'db', DATABASE_USER: 'u', DATABASE_NAME: 'd', DATABASE_PORT: 'x' }),
    ).toThrow(/DATABASE_PORT: must be a port number/)
    expect(() => parseEnv({ DATABASE_HOST: 'db', DATABASE_USER: 'u', DATABASE_NAME: 'a/b' })).toThrow(
      /DATABASE_NAME: use letters/,
    )
  })
})
