import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadAccessKeys, SECRET_FILE } from './secret.server'

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
    await expect(stat(join(dir, SECRET_FILE))).rejects.toThrow()
  })

  it('generates a 0600 secret file once and reuses it', async () => {
    const first = await loadAccessKeys({ DATA_DIR: dir })
    expect(first.source).toBe('generated')
    const file = join(dir, SECRET_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim()).toHaveLength(64) // 48 random bytes, base64url
    const second = await loadAccessKeys({ DATA_DIR: dir })
    expect(second.source).toBe('file')
    expect(second.cookie.equals(first.cookie)).toBe(true)
    expect(second.ip.equals(first.cookie)).toBe(false)
  })

  it('agrees on one secret when several processes start at once', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => loadAccessKeys({ DATA_DIR: dir })))
    for (const keys of all) expect(keys.cookie.equals(all[0]?.cookie as Buffer)).toBe(true)
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
