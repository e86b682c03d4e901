// What `rm5 media backup` is given to write into, on the real filesystem of a temporary folder:
// each folder it cannot make or write is refused with what is wrong with it, naming the path as typed.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusal } from '../../tests/helpers/refusal.ts'
import { checkOutFolder } from './out-folder.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-out-folder-'))
  await writeFile(join(dir, 'a-file'), 'x')
  await mkdir(join(dir, 'a-folder'))
  await mkdir(join(dir, 'hidden-file'))
  await writeFile(join(dir, 'hidden-file', '.DS_Store'), 'x')
  await mkdir(join(dir, 'empty-folder', 'media'), { recursive: true })
  await mkdir(join(dir, 'backed-up', '360'), { recursive: true })
  await writeFile(join(dir, 'backed-up', '360', 'rm5_1.jpg'), 'x')
  await writeFile(join(dir, 'backed-up', '.hidden'), 'x')
})
afterAll(async () => {
  await chmod(join(dir, 'read-only'), 0o700).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

const verdict = (folder: string) => refusal(checkOutFolder, folder)

describe('checkOutFolder', () => {
  it('lets through an existing empty folder and a new one in a writable folder', () => {
    expect(verdict(join(dir, 'a-folder'))).toBe('let through')
    expect(verdict(join(dir, 'new'))).toBe('let through')
  })

  it('a folder that holds anything, a hidden file or an empty folder too, naming an entry', () => {
    const [hidden, empty, backedUp] = [
      join(dir, 'hidden-file'),
      join(dir, 'empty-folder'),
      join(dir, 'backed-up'),
    ]
    expect(verdict(hidden)).toBe(
      `Cannot write into ${hidden}: it is not empty (it holds .DS_Store); name a new or empty folder.`,
    )
    expect(verdict(empty)).toBe(
      `Cannot write into ${empty}: it is not empty (it holds media); name a new or empty folder.`,
    )
    expect(verdict(backedUp)).toBe(
      `Cannot write into ${backedUp}: it is not empty (it holds .hidden and 1 more); name a new or empty folder.`,
    )
  })

  it('a file where the folder is named', () => {
    const folder = join(dir, 'a-file')
    expect(verdict(folder)).toBe(
      `Cannot write into ${folder}: it is a file, not a folder; name a new or empty folder.`,
    )
  })

  it('a file on the way, right above or further up', () => {
    for (const folder of [join(dir, 'a-file', 'backup'), join(dir, 'a-file', 'deeper', 'backup')]) {
      expect(verdict(folder)).toBe(
        `Cannot write into ${folder}: ${join(dir, 'a-file')} is a file, not a folder; name a new folder in a folder.`,
      )
    }
  })

  it('a parent that is missing: it is not made', () => {
    const folder = join(dir, 'missing', 'backup')
    expect(verdict(folder)).toBe(
      `Cannot write into ${folder}: the folder ${join(dir, 'missing')} does not exist; create it first.`,
    )
  })

  // Root may write into any folder whatever its mode: only a normal user meets these refusals.
  it.skipIf(process.getuid?.() === 0)('a folder, or its parent, that is not writable', async () => {
    const folder = join(dir, 'read-only')
    await mkdir(folder, { mode: 0o500 })
    expect(verdict(folder)).toBe(
      `Cannot write into ${folder}: the folder ${folder} is not writable; choose one you may write to.`,
    )
    expect(verdict(join(folder, 'backup'))).toBe(
      `Cannot write into ${join(folder, 'backup')}: the folder ${folder} is not writable; choose one you may write to.`,
    )
  })
})
