import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadAccessKeys, SECRET_FILE } from './secret.server.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-secret-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('loadAccessKeys', () => {
  it('uses COOKIE_SECRET when set and writes no file', async () => {
    const keys = await loadAccessKeys({ COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: dir })
    expect(keys.source).toBe('env')
    expect(keys.cookie).toHaveLength(1)
    await expect(stat(join(dir, SECRET_FILE))).rejects.toThrow()
  })

  it('adds the key of COOKIE_SECRET_PREVIOUS after the current one, with or without COOKIE_SECRET', async () => {
    const current = await loadAccessKeys({ COOKIE_SECRET: 'n'.repeat(32), DATA_DIR: dir })
    const old = await loadAccessKeys({ COOKIE_SECRET: 'o'.repeat(32), DATA_DIR: dir })
    const rotating = await loadAccessKeys({
      COOKIE_SECRET: 'n'.repeat(32),
      COOKIE_SECRET_PREVIOUS: 'o'.repeat(32),
      DATA_DIR: dir,
    })
    expect(rotating.cookie).toEqual([current.cookie[0], old.cookie[0]])
    expect(rotating.ip.equals(current.ip)).toBe(true)
    const embedded = await loadAccessKeys({ COOKIE_SECRET_PREVIOUS: 'o'.repeat(32), DATA_DIR: dir })
    expect(embedded.cookie.slice(1)).toEqual(old.cookie)
  })

  it('generates a 0600 secret file once and reuses it', async () => {
    const first = await loadAccessKeys({ DATA_DIR: dir })
    expect(first.source).toBe('generated')
    const file = join(dir, SECRET_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim()).toHaveLength(64) // 48 random bytes, base64url
    const second = await loadAccessKeys({ DATA_DIR: dir })
    expect(second.source).toBe('file')
    expect(second.cookie).toEqual(first.cookie)
    expect(second.ip.equals(first.cookie[0] as Buffer)).toBe(false)
  })

  it('agrees on one secret when several processes start at once', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => loadAccessKeys({ DATA_DIR: dir })))
    for (const keys of all) expect(keys.cookie).toEqual(all[0]?.cookie)
  })

  it('refuses a damaged secret file instead of silently replacing it', async () => {
    await writeFile(join(dir, SECRET_FILE), 'short\n')
    await expect(loadAccessKeys({ DATA_DIR: dir })).rejects.toThrow(/shorter than 32/)
  })

  it('tightens a secret file readable by others', async () => {
    await writeFile(join(dir, SECRET_FILE), `${'s'.repeat(40)}\n`, { mode: 0o644 })
    await loadAccessKeys({ DATA_DIR: dir })
    expect((await stat(join(dir, SECRET_FILE))).mode & 0o777).toBe(0o600)
  })
})
