// Renders the whole demo set once (~1-2.5 min on 2 cores, mostly the AVIF variants) and checks what the site relies on.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isVariantKey, variantsFor } from '../../lib/responsive-images.ts'
import { HERO_FRAME_NAMES } from './demo/hero-frames.ts'
import { HERO_PAGES } from './demo/hero-images.ts'
import { verifyPlaylist } from './demo/video.ts'
import { renderViewerFrame } from './demo/viewer-frames.ts'
import { type GeneratedFile, generateDemo } from './generate-demo.ts'

let dir: string
let files: GeneratedFile[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-demo-test-'))
  files = await generateDemo(dir)
}, 420_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const inBucket = (bucket: string) => files.filter((f) => f.bucket === bucket)

describe('generateDemo', () => {
  it('renders 36 numerically named viewer frames at the root of 360', async () => {
    const root = inBucket('360').filter((f) => !f.key.includes('/'))
    expect(root.map((f) => f.key).sort()).toEqual(
      Array.from({ length: 36 }, (_, i) => `rm5_${i + 1}.jpg`).sort(),
    )
    // The viewer sorts numeric-aware: rm5_2 must come before rm5_10.
    const sorted = root.map((f) => f.key).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    expect(sorted.slice(0, 3)).toEqual(['rm5_1.jpg', 'rm5_2.jpg', 'rm5_3.jpg'])
    const meta = await sharp(join(dir, '360', 'rm5_1.jpg')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 800])
    // Consecutive frames differ: the vehicle really turns.
    const [a, b] = await Promise.all([
      readFile(join(dir, '360', 'rm5_1.jpg')),
      readFile(join(dir, '360', 'rm5_2.jpg')),
    ])
    expect(a.equals(b)).toBe(false)
  })

  it('renders the 7 hero frames under hero/ in 360, each under 300 KB', async () => {
    const hero = inBucket('360').filter((f) => f.key.startsWith('hero/'))
    expect(hero.map((f) => f.key).sort()).toEqual(HERO_FRAME_NAMES.map((n) => `hero/${n}.png`).sort())
    for (const f of hero) expect(f.size).toBeLessThan(300 * 1024)
    const meta = await sharp(join(dir, '360', 'hero', '0_0.png')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 800])
  })

  it('renders one 1920x1080 hero image per page in Heros, each under 250 KB', async () => {
    const heros = inBucket('Heros').filter((f) => !isVariantKey(f.key))
    expect(heros.map((f) => f.key).sort()).toEqual(HERO_PAGES.map((p) => `${p}.jpg`).sort())
    expect(HERO_PAGES).toHaveLength(12)
    for (const f of heros) expect(f.size).toBeLessThan(250 * 1024)
    const meta = await sharp(join(dir, 'Heros', 'home.jpg')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1920, 1080])
    // Distinct compositions, not one image copied twelve times.
    const sizes = new Set(heros.map((f) => f.size))
    expect(sizes.size).toBe(12)
  })

  it('renders AVIF/WebP/JPEG width variants of every hero and of the video still', async () => {
    for (const page of HERO_PAGES) {
      const keys = new Set(inBucket('Heros').map((f) => f.key))
      for (const v of variantsFor(`${page}.jpg`, 1920)) expect(keys.has(v.key), v.key).toBe(true)
    }
    const video = new Set(inBucket('video').map((f) => f.key))
    for (const v of variantsFor('rm5-demo/poster.jpg', 960)) expect(video.has(v.key), v.key).toBe(true)
    // No variants where nothing uses them (the viewer frames).
    expect(inBucket('360').filter((f) => isVariantKey(f.key))).toEqual([])
    // The mobile LCP image stays small: the 640 px AVIF of each hero and of the still.
    const small = files.filter((f) => f.key.endsWith('.w640.avif'))
    expect(small).toHaveLength(HERO_PAGES.length + 1)
    for (const f of small) expect(f.size, f.key).toBeLessThan(40 * 1024)
    const meta = await sharp(join(dir, 'Heros', 'technology.w640.avif')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 360])
    const jpeg = await sharp(join(dir, 'video', 'rm5-demo', 'poster.w640.jpg')).metadata()
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 640, 360])
  })

  it('writes a playable HLS stream with relative segment URIs, an mp4 and a poster', async () => {
    const playlistPath = join(dir, 'video', 'rm5-demo.m3u8')
    const playlist = await readFile(playlistPath, 'utf8')
    expect(playlist).toMatch(/^#EXTM3U/)
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'))
    expect(segments.length).toBeGreaterThanOrEqual(3)
    for (const uri of segments) expect(uri).toMatch(/^rm5-demo\/seg_\d{3}\.ts$/)
    const sizes = await Promise.all(segments.map(async (uri) => (await stat(join(dir, 'video', uri))).size))
    const total = sizes.reduce((a, b) => a + b, playlist.length)
    expect(total).toBeLessThan(1024 * 1024)
    await expect(verifyPlaylist(playlistPath)).resolves.toBeUndefined()
    const names = await readdir(join(dir, 'video', 'rm5-demo'))
    expect(names).toEqual(expect.arrayContaining(['high.mp4', 'poster.jpg']))
    const poster = await sharp(join(dir, 'video', 'rm5-demo', 'poster.jpg')).metadata()
    expect([poster.width, poster.height]).toEqual([960, 540])
  })

  it('is deterministic', async () => {
    const again = await renderViewerFrame(7)
    expect(again.equals(await readFile(join(dir, '360', 'rm5_7.jpg')))).toBe(true)
  })
})
