// The media CLI end to end against embedded storage in a temporary DATA_DIR.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dataDir: string
let photos: string

function media(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/media.ts', ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, DATA_DIR: dataDir, S3_ENDPOINT: '', NODE_ENV: 'test' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => {
      stdout += c
    })
    child.stderr.on('data', (c) => {
      stderr += c
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-cli-'))
  photos = join(dataDir, 'photos')
  await mkdir(join(photos, 'sub'), { recursive: true })
  await writeFile(join(photos, 'rm5_1.jpg'), 'one')
  await writeFile(join(photos, 'rm5_10.jpg'), 'ten')
  await writeFile(join(photos, 'rm5_2.jpg'), 'two')
  await writeFile(join(photos, 'sub', 'x.png'), 'x')
  await writeFile(join(photos, '.DS_Store'), 'junk')
})

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('npm run media', () => {
  it('prints help for each command', async () => {
    for (const args of [['--help'], ['demo', '--help'], ['upload', '--help'], ['list', '--help']]) {
      const res = await media(...args)
      expect(res.code, args.join(' ')).toBe(0)
      expect(res.stdout).toMatch(/^Usage: npm run media/)
    }
  }, 120_000)

  it('uploads a folder, then skips unchanged files, and lists numerically', async () => {
    const first = await media('upload', photos, '--bucket', '360', '--prefix', 'shots')
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('4 uploaded')
    expect(first.stderr).not.toContain('.DS_Store')
    const second = await media('upload', photos, '--bucket', '360', '--prefix', 'shots')
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('0 uploaded')
    expect(second.stdout).toContain('4 unchanged')
    const list = await media('list', '360')
    expect(list.code).toBe(0)
    const names = list.stdout
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0])
    expect(names).toEqual(['shots/rm5_1.jpg', 'shots/rm5_2.jpg', 'shots/rm5_10.jpg', 'shots/sub/x.png'])
  }, 120_000)

  it('fails clearly on an unknown bucket, a missing folder or an unknown command', async () => {
    const bucket = await media('upload', photos, '--bucket', 'nope')
    expect(bucket.code).not.toBe(0)
    expect(bucket.stderr).toMatch(/Unknown bucket "nope"/)
    const folder = await media('upload', join(dataDir, 'missing'), '--bucket', '360')
    expect(folder.code).not.toBe(0)
    expect(folder.stderr).toMatch(/Cannot read/)
    const command = await media('frobnicate')
    expect(command.code).toBe(2)
    const flag = await media('list', '360', '--nope')
    expect(flag.code).toBe(2)
  }, 120_000)
})
