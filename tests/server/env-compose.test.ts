import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema, parseEnv } from '../../server/env.server'

// Docker cannot run here, so check what can be checked by reading: every variable the compose
// file and .env.example set is one the server's env schema knows.
const known = new Set(Object.keys(envSchema.shape))

function composeAppEnv(): string[] {
  const text = readFileSync('docker-compose.yml', 'utf8')
  const app = text.split(/^ {2}postgres:/m)[0] ?? ''
  const block = app.split(/^ {4}environment:\n/m)[1]?.split(/^ {4}\S/m)[0] ?? ''
  return [...block.matchAll(/^ {6}([A-Z0-9_]+):/gm)].map((m) => m[1] as string)
}

describe('deployment files', () => {
  it('compose sets only variables the env schema knows', () => {
    const names = composeAppEnv()
    expect(names.length).toBeGreaterThan(8)
    expect(names.filter((n) => !known.has(n))).toEqual([])
  })

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

  it('requires COOKIE_SECRET in production with an external database', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' })).toThrow(
      /COOKIE_SECRET/,
    )
    expect(parseEnv({ NODE_ENV: 'production' }).NODE_ENV).toBe('production')
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
