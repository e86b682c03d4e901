// ensureDemoMedia fills only empty buckets. The renderer is replaced by a tiny fake set so this
// runs in a second; generate-demo.test.ts covers the real output.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage, type StorageLog } from '../../server/storage/storage.server.ts'
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

const quiet: StorageLog = { debug() {}, info() {}, warn() {}, error() {} }
let dataDir: string
let storage: Storage

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-ensure-'))
  storage = await openStorage(parseEnv({ DATA_DIR: dataDir }), quiet)
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
    const result = await ensureDemoMedia(storage, quiet)
    expect(result.filled).toEqual(['360', 'video'])
    expect(await keys('360')).toEqual(['hero/0_0.png', 'rm5_1.jpg'])
    expect(await keys('video')).toEqual(['rm5-demo.m3u8'])
    const hero = await storage.client.getObject('heros', 'home.jpg')
    expect(Buffer.concat(await hero.toArray()).toString()).toBe('real hero')
    const stat = await storage.client.statObject('360', 'rm5_1.jpg')
    expect(stat.metaData['content-type']).toBe('image/jpeg')
  })

  it('does nothing once every bucket has content', async () => {
    const result = await ensureDemoMedia(storage, quiet)
    expect(result).toEqual({ filled: [], uploaded: 0 })
  })
})
