import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema, parseEnv } from '../../server/env.server.ts'

const known = new Set(Object.keys(envSchema.shape))

describe('deployment files', () => {
  it('.env.example lists every variable of the schema and no unknown one, each as a commented example', () => {
    const text = readFileSync('.env.example', 'utf8')
    // Commented out: a copy as .env sets nothing (tests/server/compose-env.test.ts renders it).
    expect(text).not.toMatch(/^[A-Z0-9_]+=/m)
    const names = [...text.matchAll(/^# ([A-Z0-9_]+)=/gm)].map((m) => m[1] as string)
    expect(names.filter((n) => !known.has(n))).toEqual([])
    expect([...known].filter((n) => !names.includes(n))).toEqual([])
  })
})

describe('parseEnv', () => {
  it('applies defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.HOST).toBe('127.0.0.1')
    expect(env.DATA_DIR).toBe('.data')
  })

  it('names the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET/)
  })

  it('requires COOKIE_SECRET in production with an external database', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' })).toThrow(
      /COOKIE_SECRET/,
    )
    expect(parseEnv({ NODE_ENV: 'production' }).NODE_ENV).toBe('production')
    // An admin command signs no cookies: the migration step runs without the cookie secret.
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' }
    expect(parseEnv(production, { reader: 'command' }).DATABASE_URL).toBe('postgres://x@h/db')
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
