// What a command is given to read (a document, a logo, a folder to upload or restore), on the real
// filesystem of a temporary folder: each path it cannot read is refused in one line naming it.
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusal } from '../../tests/helpers/refusal.ts'
import { checkInFile, checkInFolder } from './in-path.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-in-path-'))
  await writeFile(join(dir, 'a-file'), 'x')
  await mkdir(join(dir, 'a-folder'))
  execFileSync('mkfifo', [join(dir, 'pipe')])
})
afterAll(async () => {
  await chmod(join(dir, 'unreadable'), 0o600).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('checkInFile and checkInFolder', () => {
  it('let through a file and a folder', () => {
    expect(refusal(checkInFile, join(dir, 'a-file'))).toBe('let through')
    expect(refusal(checkInFolder, join(dir, 'a-folder'))).toBe('let through')
  })

  it('a path that is missing, or under a file, which they name', () => {
    for (const check of [checkInFile, checkInFolder]) {
      expect(refusal(check, join(dir, 'missing'))).toBe(`${join(dir, 'missing')} does not exist.`)
      expect(refusal(check, join(dir, 'a-file', 'x'))).toBe(
        `${join(dir, 'a-file', 'x')} does not exist: ${join(dir, 'a-file')} is a file, not a folder.`,
      )
    }
  })

  it('the other kind: a folder for a file, a file for a folder; a pipe for a file', () => {
    const [file, folder, pipe] = [join(dir, 'a-file'), join(dir, 'a-folder'), join(dir, 'pipe')]
    expect(refusal(checkInFile, folder)).toBe(`Cannot read ${folder}: it is a folder; name a file.`)
    expect(refusal(checkInFolder, file)).toBe(`Cannot read ${file}: it is a file; name a folder.`)
    expect(refusal(checkInFile, pipe)).toBe(
      `Cannot read ${pipe}: it is a device or a pipe; name a regular file.`,
    )
  })

  // Root may read any file whatever its mode: only a normal user meets this refusal.
  it.skipIf(process.getuid?.() === 0)('a file that is not readable', async () => {
    const file = join(dir, 'unreadable')
    await writeFile(file, 'x', { mode: 0o200 })
    expect(refusal(checkInFile, file)).toBe(`Cannot read ${file}: it is not readable by this user.`)
  })
})
