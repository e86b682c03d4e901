// What an export's --out names, on the real filesystem of a temporary folder: each path that
// cannot be written is refused with what is wrong with it, and a writable one is let through.
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusal } from '../../tests/helpers/refusal.ts'
import { checkOutFile } from './out-file.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-out-file-'))
  await writeFile(join(dir, 'a-file.csv'), 'x')
  await mkdir(join(dir, 'a-folder'))
})
afterAll(async () => {
  await chmod(join(dir, 'read-only'), 0o700).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('checkOutFile', () => {
  it('lets through a new file and an existing one in a writable folder', () => {
    expect(refusal(checkOutFile, join(dir, 'new.csv'))).toBe('let through')
    expect(refusal(checkOutFile, join(dir, 'a-file.csv'))).toBe('let through')
  })

  it('a folder that is missing', () => {
    const file = join(dir, 'missing', 'x.csv')
    expect(refusal(checkOutFile, file)).toBe(
      `Cannot write ${file}: the folder ${join(dir, 'missing')} does not exist; create it first.`,
    )
  })

  it('a file where a folder is needed, right above or further up', () => {
    for (const file of [join(dir, 'a-file.csv', 'x.csv'), join(dir, 'a-file.csv', 'deeper', 'x.csv')]) {
      expect(refusal(checkOutFile, file)).toBe(
        `Cannot write ${file}: ${join(dir, 'a-file.csv')} is a file, not a folder; name a file in a folder.`,
      )
    }
  })

  it('a folder where a file is needed', () => {
    const file = join(dir, 'a-folder')
    expect(refusal(checkOutFile, file)).toBe(
      `Cannot write ${file}: it is a folder; name a file, in it or elsewhere.`,
    )
  })

  it('a link or a pipe, which the finished file would replace', async () => {
    await symlink(join(dir, 'a-file.csv'), join(dir, 'link.csv'))
    execFileSync('mkfifo', [join(dir, 'pipe')])
    for (const name of ['link.csv', 'pipe']) {
      const file = join(dir, name)
      expect(refusal(checkOutFile, file)).toBe(
        `Cannot write ${file}: it is a link, a device or a pipe, which the export would replace; name a regular file, or leave out --out for standard output.`,
      )
    }
  })

  // Root may write into any folder whatever its mode: only a normal user meets this refusal.
  it.skipIf(process.getuid?.() === 0)('a folder that is not writable', async () => {
    const folder = join(dir, 'read-only')
    await mkdir(folder, { mode: 0o500 })
    const file = join(folder, 'x.csv')
    expect(refusal(checkOutFile, file)).toBe(
      `Cannot write ${file}: the folder ${folder} is not writable; choose one you may write to.`,
    )
  })
})
