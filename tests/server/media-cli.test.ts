// The media CLI end to end against embedded storage in a temporary DATA_DIR, run in this process
// (tests/helpers/rm5-here.ts); one spawned run holds what the binary prints to a terminal.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isVariantKey } from '../../lib/responsive-images.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'
import { fillTestStorage } from '../helpers/storage.ts'

let dataDir: string
let photos: string
let heros: string

/** A real 1280 x 720 JPEG, so the upload can render its variants (the colour makes it distinct). */
const heroJpeg = (red: number) =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: red, g: 40, b: 60 } } })
    .jpeg()
    .toBuffer()

const env = () => ({ DATA_DIR: dataDir, S3_ENDPOINT: '' })
const media = (...args: string[]) => rm5Here(['media', ...args], env())

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-cli-'))
  photos = join(dataDir, 'photos')
  await mkdir(join(photos, 'sub'), { recursive: true })
  await writeFile(join(photos, 'rm5_1.jpg'), 'one')
  await writeFile(join(photos, 'rm5_10.jpg'), 'ten')
  await writeFile(join(photos, 'rm5_2.jpg'), 'two')
  await writeFile(join(photos, 'sub', 'x.png'), 'x')
  await writeFile(join(photos, '.DS_Store'), 'junk')
  heros = join(dataDir, 'heros')
  await mkdir(heros)
  await writeFile(join(heros, 'careers.jpg'), await heroJpeg(20))
})

const listed = (stdout: string) =>
  stdout
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0] as string)

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('npm run media', () => {
  it('prints help for each command', async () => {
    for (const args of [['--help'], ['demo', '--help'], ['upload', '--help'], ['list', '--help']]) {
      const res = await media(...args)
      expect(res.code, args.join(' ')).toBe(0)
      expect(res.stdout).toMatch(/^Usage: rm5 media/)
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
    // No variants outside Heros and video stills.
    expect(listed(list.stdout)).toEqual([
      'shots/rm5_1.jpg',
      'shots/rm5_2.jpg',
      'shots/rm5_10.jpg',
      'shots/sub/x.png',
    ])
  }, 120_000)

  it('renders AVIF/WebP/JPEG variants of a hero, then skips them all when nothing changed', async () => {
    const first = await media('upload', heros, '--bucket', 'Heros')
    expect(first.code, first.stderr).toBe(0)
    // careers.jpg, then AVIF + WebP + JPEG at 640 and 960, AVIF + WebP at 1280 (its own width).
    expect(first.stdout).toContain('9 uploaded')
    const names = listed((await media('list', 'Heros')).stdout)
    expect(names).toEqual([
      'careers.jpg',
      'careers.w640.avif',
      'careers.w640.jpg',
      'careers.w640.webp',
      'careers.w960.avif',
      'careers.w960.jpg',
      'careers.w960.webp',
      'careers.w1280.avif',
      'careers.w1280.webp',
    ])
    expect(names.filter(isVariantKey)).toHaveLength(8)

    const second = await media('upload', heros, '--bucket', 'Heros')
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain('0 uploaded')
    expect(second.stdout).toContain('9 unchanged')
    expect(second.stderr).not.toContain('rendering variants')

    // A replaced original gets fresh variants.
    await writeFile(join(heros, 'careers.jpg'), await heroJpeg(200))
    const third = await media('upload', heros, '--bucket', 'Heros')
    expect(third.code, third.stderr).toBe(0)
    expect(third.stdout).toContain('9 uploaded')
  }, 180_000)

  it('refuses a Heros image it cannot read, before uploading anything', async () => {
    const broken = join(dataDir, 'broken')
    await mkdir(broken)
    await writeFile(join(broken, 'about.jpg'), 'not an image')
    const res = await media('upload', broken, '--bucket', 'Heros')
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/Cannot render variants of ".*about\.jpg"/)
    expect(listed((await media('list', 'Heros')).stdout)).not.toContain('about.jpg')
  }, 120_000)

  it('fails clearly on an unknown bucket, a missing folder or an unknown command', async () => {
    const bucket = await media('upload', photos, '--bucket', 'nope')
    expect(bucket.code).toBe(2)
    expect(bucket.stderr).toMatch(/argument 'nope' is invalid\. Known buckets: 360, Heros/)
    const folder = await media('upload', join(dataDir, 'missing'), '--bucket', '360')
    expect([folder.code, folder.stderr]).toEqual([
      1,
      `rm5 media upload: ${join(dataDir, 'missing')} does not exist.\n`,
    ])
    const command = await media('frobnicate')
    expect(command.code).toBe(2)
    const flag = await media('list', '360', '--nope')
    expect(flag.code).toBe(2)
  }, 120_000)

  it('refuses a folder it cannot write or read in one line, before opening storage', async () => {
    const aFile = join(dataDir, 'a-file')
    await writeFile(aFile, 'x')
    // Empty to a listing that hides dotfiles, not to a backup: what it writes would mix with it.
    const hiddenOnly = join(dataDir, 'hidden-only')
    await mkdir(hiddenOnly)
    await writeFile(join(hiddenOnly, '.backup-marker'), 'x')
    // Storage that cannot open (its DATA_DIR is a file): opening it first would be the error instead.
    const broken = { DATA_DIR: aFile, S3_ENDPOINT: '' }
    // The binary, as an admin runs it.
    const intoFile = await runRm5(['media', 'backup', aFile], broken)
    expect([intoFile.code, intoFile.stdout, intoFile.stderr]).toEqual([
      1,
      '',
      `rm5 media backup: Cannot write into ${aFile}: it is a file, not a folder; name a new or empty folder.\n`,
    ])
    const refusals: [string[], string][] = [
      [
        ['backup', join(aFile, 'backup')],
        `rm5 media backup: Cannot write into ${join(aFile, 'backup')}: ${aFile} is a file, not a folder; name a new folder in a folder.`,
      ],
      [
        ['backup', join(dataDir, 'missing', 'backup')],
        `rm5 media backup: Cannot write into ${join(dataDir, 'missing', 'backup')}: the folder ${join(dataDir, 'missing')} does not exist; create it first.`,
      ],
      [
        ['backup', hiddenOnly],
        `rm5 media backup: Cannot write into ${hiddenOnly}: it is not empty (it holds .backup-marker); name a new or empty folder.`,
      ],
      [['restore', aFile], `rm5 media restore: Cannot read ${aFile}: it is a file; name a folder.`],
      [
        ['upload', join(aFile, 'frames'), '--bucket', '360'],
        `rm5 media upload: ${join(aFile, 'frames')} does not exist: ${aFile} is a file, not a folder.`,
      ],
    ]
    for (const [args, line] of refusals) {
      const run = await rm5Here(['media', ...args], broken)
      expect([run.code, run.stdout, run.stderr], args.join(' ')).toEqual([1, '', `${line}\n`])
    }
  }, 120_000)

  it('prints an object key as text: a control character in it never reaches the terminal', async () => {
    // `rm5 media upload` refuses such a key; another S3 client may have stored one.
    await fillTestStorage(dataDir, [{ bucket: '360', key: 'terminal/rm5_\u001b[2J.jpg', bytes: 'frame' }])
    // The binary itself: its standard output is where the escaping happens.
    const list = await runRm5(['media', 'list', '360'], env())
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toContain('terminal/rm5_\\x1b[2J.jpg')
    expect(list.stdout).not.toContain('\u001b')
    const removed = await media('delete', '360', 'terminal/rm5_\u001b[2J.jpg')
    expect(removed.code, removed.stderr).toBe(0)
  }, 120_000)
})
