import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { assertServerEnv, envSchema, parseEnv } from '../../server/env.server'

const known = new Set(Object.keys(envSchema.shape))

describe('deployment files', () => {
  it('.env.example lists every variable of the schema and no unknown one', () => {
    const names = [...readFileSync('.env.example', 'utf8').matchAll(/^([A-Z0-9_]+)=/gm)].map(
      (m) => m[1] as string,
    )
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

  it('requires COOKIE_SECRET of the server in production with an external database, not of a command', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://rm5_owner@h/db' }
    // `rm5 db migrate` as the schema's owner signs no grant and gets no cookie secret.
    const env = parseEnv(production)
    expect(() => assertServerEnv(env)).toThrow(/COOKIE_SECRET: required in production with DATABASE_URL/)
    expect(() => assertServerEnv(parseEnv({ ...production, COOKIE_SECRET: 'x'.repeat(32) }))).not.toThrow()
    expect(() => assertServerEnv(parseEnv({ NODE_ENV: 'production' }))).not.toThrow()
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
