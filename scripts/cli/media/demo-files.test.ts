// The committed demo set (decision 030): what the site relies on is there, and the build step
// renders the variants the pages ask for. The set is read where the build step writes it
// (dist/demo-media): made there once per change of its sources, by this test when the build has
// not yet (buildDemoMedia keeps a current set), rather than rendered a second time per run.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { HERO_FRAME_NAMES } from '../../../lib/motion/hero-frames.ts'
import { isVariantKey, variantsFor } from '../../../lib/responsive-images.ts'
import { projectRootOf } from '../../../server/process-entry.server.ts'
import { buildDemoMedia } from '../../run/build/demo-media.ts'
import { defaultDemoDir, readDemoManifest } from './demo-set.ts'

const HERO_PAGES = [
  ...['home', 'experience', 'technology', 'company', 'careers', 'contact'],
  ...['apply', 'terms', 'privacy', 'access', 'proposal', 'docket'],
]
const out = defaultDemoDir(import.meta.url)
let files: { bucket: string; key: string }[]

beforeAll(async () => {
  await buildDemoMedia(projectRootOf(import.meta.url))
  files = (await readDemoManifest(out)).files
  // Renders the whole set when the build has not: minutes on a loaded machine; the timeout only stops a hang.
}, 900_000)

const inBucket = (bucket: string) => files.filter((f) => f.bucket === bucket)

describe('the demo set', () => {
  it('has 36 numerically named 1200x800 viewer frames at the root of 360, and no variants of them', async () => {
    const root = inBucket('360').filter((f) => !f.key.includes('/'))
    expect(root.map((f) => f.key).sort()).toEqual(
      Array.from({ length: 36 }, (_, i) => `rm5_${i + 1}.jpg`).sort(),
    )
    const meta = await sharp(join(out, '360', 'rm5_1.jpg')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 800])
    expect(inBucket('360').filter((f) => isVariantKey(f.key))).toEqual([])
  })

  it('has the home hero frame sequence under hero/ in 360', () => {
    const hero = inBucket('360').filter((f) => f.key.startsWith('hero/'))
    expect(hero.map((f) => f.key).sort()).toEqual(HERO_FRAME_NAMES.map((n) => `hero/${n}.png`).sort())
  })

  it('has a 1920x1080 hero per page, with its AVIF/WebP/JPEG width variants', async () => {
    const keys = new Set(inBucket('Heros').map((f) => f.key))
    for (const page of HERO_PAGES) {
      expect(keys.has(`${page}.jpg`), page).toBe(true)
      for (const v of variantsFor(`${page}.jpg`, 1920)) expect(keys.has(v.key), v.key).toBe(true)
    }
    const meta = await sharp(join(out, 'Heros', 'technology.w640.avif')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 360])
  })

  it('has an HLS stream whose segments are all there, an mp4 and a poster with variants', async () => {
    const playlist = await readFile(join(out, 'video', 'rm5-demo.m3u8'), 'utf8')
    expect(playlist).toMatch(/^#EXTM3U/)
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const video = new Set(inBucket('video').map((f) => f.key))
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'))
    expect(segments.length).toBeGreaterThanOrEqual(3)
    for (const uri of segments) expect(video.has(uri), uri).toBe(true)
    expect(video.has('rm5-demo/high.mp4')).toBe(true)
    for (const v of variantsFor('rm5-demo/poster.jpg', 960)) expect(video.has(v.key), v.key).toBe(true)
  })
})
