// ensureDemoMedia fills only empty buckets, from a small demo set written the way the build
// writes one (demo-set.ts); demo-files.test.ts covers the committed set. Also: DEMO_MEDIA=off,
// removing demo media (clear --demo, an upload into a demo bucket), and replicas starting together.
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../../../server/env.server.ts'
import { openStorage, type Storage } from '../../../server/storage/storage.server.ts'
import { quietStorageLog } from '../../../tests/helpers/quiet-log.ts'
import { clearDemoMedia, removeDemoFrom } from './demo-removal.ts'
import { MANIFEST } from './demo-set.ts'
import { ensureDemoMedia } from './ensure-demo.ts'

const DEMO = [
  { bucket: '360', key: 'rm5_1.jpg' },
  { bucket: '360', key: 'rm5_2.jpg' },
  { bucket: '360', key: 'hero/0_0.png' },
  { bucket: 'Heros', key: 'home.jpg' },
  { bucket: 'video', key: 'rm5-demo.m3u8' },
] as const

async function writeDemoSet(dir: string): Promise<void> {
  const files = []
  for (const { bucket, key } of DEMO) {
    const data = Buffer.from(`demo ${bucket}/${key}`)
    const path = join(dir, bucket, key)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, data)
    files.push({ bucket, key, md5: createHash('md5').update(data).digest('hex'), size: data.length })
  }
  await writeFile(join(dir, MANIFEST), JSON.stringify({ files }))
}

let dataDir: string
let demoDir: string
let storage: Storage
const auto = () => ({ mode: 'auto' as const, dir: demoDir })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-ensure-'))
  demoDir = join(dataDir, 'demo-set')
  await writeDemoSet(demoDir)
  storage = await openStorage(parseEnv({ DATA_DIR: dataDir }), quietStorageLog)
})

afterAll(async () => {
  await storage?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function keys(bucket: string): Promise<string[]> {
  const out: string[] = []
  for await (const item of storage.client.listObjectsV2(bucket, '', true)) if (item.name) out.push(item.name)
  return out.sort()
}

// Every test starts from empty buckets and stores what it needs, so they pass in any order.
beforeEach(async () => {
  for (const { name } of await storage.client.listBuckets()) {
    const names = await keys(name)
    if (names.length) await storage.client.removeObjects(name, names)
  }
})

/** Buckets as a site with one real hero image and the demo set in the others would have them. */
async function realHeroAndDemo(): Promise<void> {
  await storage.ensureBuckets()
  await storage.client.putObject('heros', 'home.jpg', Buffer.from('real hero'))
  await ensureDemoMedia(storage, quietStorageLog, auto())
}

describe('ensureDemoMedia', () => {
  it('writes nothing with DEMO_MEDIA=off', async () => {
    const result = await ensureDemoMedia(storage, quietStorageLog, { mode: 'off', dir: demoDir })
    expect(result).toEqual({ filled: [], uploaded: 0, variants: 0 })
    expect(await keys('360')).toEqual([])
  })

  it('fills empty buckets only, and leaves a bucket with real media alone', async () => {
    await storage.ensureBuckets()
    await storage.client.putObject('heros', 'home.jpg', Buffer.from('real hero'))
    const result = await ensureDemoMedia(storage, quietStorageLog, auto())
    expect(result.filled).toEqual(['360', 'video'])
    expect(await keys('360')).toEqual(['hero/0_0.png', 'rm5_1.jpg', 'rm5_2.jpg'])
    expect(await keys('video')).toEqual(['rm5-demo.m3u8'])
    const hero = await storage.client.getObject('heros', 'home.jpg')
    expect(Buffer.concat(await hero.toArray()).toString()).toBe('real hero')
    const stat = await storage.client.statObject('360', 'rm5_1.jpg')
    expect(stat.metaData['content-type']).toBe('image/jpeg')
  })

  it('does nothing once every bucket has content', async () => {
    await realHeroAndDemo()
    const result = await ensureDemoMedia(storage, quietStorageLog, auto())
    expect(result).toEqual({ filled: [], uploaded: 0, variants: 0 })
  })

  it('renders the missing variants of images stored before variants existed, once', async () => {
    await realHeroAndDemo()
    const image = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#203040' } })
        .jpeg()
        .toBuffer()
    await storage.client.putObject('heros', 'company.jpg', await image(1280, 720))
    await storage.client.putObject('video', 'rm5-demo/poster.jpg', await image(960, 540))
    const result = await ensureDemoMedia(storage, quietStorageLog, auto())
    // company: 640 and 960 in three formats, 1280 in AVIF and WebP; the still: 640 x 3, 960 x 2.
    expect(result).toEqual({ filled: [], uploaded: 0, variants: 13 })
    const heros = await keys('heros')
    expect(heros).toContain('company.w640.avif')
    expect(heros).toContain('company.w1280.webp')
    // 'real hero' is not an image: it is left as it is (and keeps its page on the JPEG).
    expect(heros.filter((k) => k.startsWith('home.'))).toEqual(['home.jpg'])
    expect(await keys('video')).toEqual(
      expect.arrayContaining([
        'rm5-demo/poster.w640.avif',
        'rm5-demo/poster.w960.webp',
        'rm5-demo/poster.w640.jpg',
      ]),
    )
    const avif = await storage.client.statObject('heros', 'company.w640.avif')
    expect(avif.metaData['content-type']).toBe('image/avif')
    expect(
      (
        await sharp(
          Buffer.concat(await (await storage.client.getObject('heros', 'company.w640.avif')).toArray()),
        ).metadata()
      ).width,
    ).toBe(640)
    expect(await ensureDemoMedia(storage, quietStorageLog, auto())).toEqual({
      filled: [],
      uploaded: 0,
      variants: 0,
    })
  })

  it('removes the demo files of a bucket before an upload, and never a real file', async () => {
    await storage.ensureBuckets()
    await ensureDemoMedia(storage, quietStorageLog, auto())
    // A real frame under a demo name stays: its content differs from the demo set's.
    await storage.client.putObject('360', 'rm5_2.jpg', Buffer.from('a real frame'))
    expect(await removeDemoFrom(storage, '360', demoDir)).toBe(2)
    expect(await keys('360')).toEqual(['rm5_2.jpg'])
  })

  it('clears the demo media of every bucket with clear --demo, keeping real media', async () => {
    await realHeroAndDemo()
    await storage.client.putObject('360', 'rm5_2.jpg', Buffer.from('a real frame'))
    expect(await keys('video')).toContain('rm5-demo.m3u8')
    // The two demo frames left in 360 and the playlist; the real frame and hero stay.
    expect(await clearDemoMedia(storage, demoDir)).toEqual({ deleted: 3 })
    expect(await keys('video')).not.toContain('rm5-demo.m3u8')
    expect(await keys('360')).toEqual(['rm5_2.jpg'])
    expect(await keys('heros')).toContain('home.jpg')
    expect(await clearDemoMedia(storage, demoDir)).toEqual({ deleted: 0 })
  })
})
