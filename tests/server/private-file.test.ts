// DATA_DIR's folders and generated secrets are readable by their owner only (decision 042).
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensurePrivateDir, readOrCreatePrivateFile } from '../../server/private-file.server.ts'
import { embeddedCredentials } from '../../server/storage/embedded-auth.server.ts'

let root: string
const warnings: object[] = []
const log = { info() {}, warn: (obj: object) => void warnings.push(obj) }
const modeOf = async (path: string) => (await stat(path)).mode & 0o777

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rm5-private-file-'))
})
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('ensurePrivateDir', () => {
  it('creates a missing folder 0700', async () => {
    const dir = join(root, 'new', 'data')
    await ensurePrivateDir(dir, log)
    expect(await modeOf(dir)).toBe(0o700)
  })

  it('tightens a folder others could enter, with a warning, keeping its group’s pass-through', async () => {
    const dir = join(root, 'wide')
    await mkdir(dir)
    await chmod(dir, 0o755)
    warnings.length = 0
    await ensurePrivateDir(dir, log)
    expect(await modeOf(dir)).toBe(0o710)
    expect(warnings).toEqual([{ dir }])
    // Others may not even pass through (an older release left 0711).
    await chmod(dir, 0o711)
    await ensurePrivateDir(dir, log)
    expect(await modeOf(dir)).toBe(0o710)
    expect(warnings).toHaveLength(2)
    await ensurePrivateDir(dir, log)
    expect(warnings).toHaveLength(2)
  })
})

describe('readOrCreatePrivateFile', () => {
  it('writes one value 0600 when processes ask together, and reads it later', async () => {
    const path = join(root, 'secret')
    let n = 0
    const generate = () => `value ${++n}`
    const results = await Promise.all([1, 2, 3].map(() => readOrCreatePrivateFile(path, generate, log)))
    expect(new Set(results.map((result) => result.text)).size).toBe(1)
    expect(results.filter((result) => result.created)).toHaveLength(1)
    expect(await modeOf(path)).toBe(0o600)
    expect(await readOrCreatePrivateFile(path, generate, log)).toEqual({
      text: results[0]?.text,
      created: false,
    })
  })

  it('makes an existing file readable by others 0600', async () => {
    const path = join(root, 'restored')
    await writeFile(path, 'from a backup', { mode: 0o644 })
    await chmod(path, 0o644)
    expect((await readOrCreatePrivateFile(path, () => 'unused', log)).text).toBe('from a backup')
    expect(await modeOf(path)).toBe(0o600)
  })
})

describe('embeddedCredentials', () => {
  it('generates distinct credentials per DATA_DIR and keeps them', async () => {
    const a = await embeddedCredentials(join(root, 'a'))
    const b = await embeddedCredentials(join(root, 'b'))
    expect(a.accessKey).not.toBe(b.accessKey)
    expect(a.secretKey).not.toBe(b.secretKey)
    expect(a.secretKey.length).toBeGreaterThanOrEqual(32)
    expect(await embeddedCredentials(join(root, 'a'))).toEqual(a)
  })

  it('refuses a damaged credentials file with a message that says what to do', async () => {
    const dir = join(root, 'damaged')
    await mkdir(dir)
    await writeFile(join(dir, 's3-credentials.json'), '{"accessKey":""}')
    await expect(embeddedCredentials(dir)).rejects.toThrow(/delete it .* to generate new credentials/)
  })
})
