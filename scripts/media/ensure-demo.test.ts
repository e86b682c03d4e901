// ensureDemoMedia fills only empty buckets. The renderer is replaced by a tiny fake set so this
// runs in a second; generate-demo.test.ts covers the real output.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { quietStorageLog } from '../../tests/helpers/quiet-log.ts'
import { ensureDemoMedia } from './ensure-demo.ts'
import type { GeneratedFile } from './generate-demo.ts'

vi.mock('./generate-demo.ts', () => ({
  generateDemo: vi.fn(async (out: string): Promise<GeneratedFile[]> => {
    const fake = [
      { bucket: '360', key: 'rm5_1.jpg' },
      { bucket: '360', key: 'hero/0_0.png' },
      { bucket: 'Heros', key: 'home.jpg' },
      { bucket: 'video', key: 'rm5-demo.m3u8' },
    ] as const
    return Promise.all(
      fake.map(async ({ bucket, key }) => {
        const path = join(out, bucket, key)
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, `demo ${key}`)
        return { bucket, key, path, size: `demo ${key}`.length }
      }),
    )
  }),
}))

let dataDir: string
let storage: Storage

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-ensure-'))
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

describe('ensureDemoMedia', () => {
  it('fills empty buckets only, and leaves a bucket with real media alone', async () => {
    await storage.ensureBuckets()
    await storage.client.putObject('heros', 'home.jpg', Buffer.from('real hero'))
    const result = await ensureDemoMedia(storage, quietStorageLog)
    expect(result.filled).toEqual(['360', 'video'])
    expect(await keys('360')).toEqual(['hero/0_0.png', 'rm5_1.jpg'])
    expect(await keys('video')).toEqual(['rm5-demo.m3u8'])
    const hero = await storage.client.getObject('heros', 'home.jpg')
    expect(Buffer.concat(await hero.toArray()).toString()).toBe('real hero')
    const stat = await storage.client.statObject('360', 'rm5_1.jpg')
    expect(stat.metaData['content-type']).toBe('image/jpeg')
  })

  it('does nothing once every bucket has content', async () => {
    const result = await ensureDemoMedia(storage, quietStorageLog)
    expect(result).toEqual({ filled: [], uploaded: 0, variants: 0 })
  })

  it('renders the missing variants of images stored before variants existed, once', async () => {
    const image = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#203040' } })
        .jpeg()
        .toBuffer()
    await storage.client.putObject('heros', 'company.jpg', await image(1280, 720))
    await storage.client.putObject('video', 'rm5-demo/poster.jpg', await image(960, 540))
    const result = await ensureDemoMedia(storage, quietStorageLog)
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
    expect(await ensureDemoMedia(storage, quietStorageLog)).toEqual({ filled: [], uploaded: 0, variants: 0 })
  })
})
