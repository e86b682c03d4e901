import { describe, expect, it } from 'vitest'
import { buildMediaUrl } from './media.ts'
import {
  buildSrcSet,
  isVariantKey,
  RESPONSIVE_WIDTHS,
  responsiveImage,
  variantKey,
  variantsFor,
  wantsVariants,
} from './responsive-images.ts'

describe('variant names', () => {
  it('replaces the extension with .w{width}.{format}, keeping folders', () => {
    expect(variantKey('home.jpg', 640, 'avif')).toBe('home.w640.avif')
    expect(variantKey('rm5-demo/poster.jpg', 960, 'webp')).toBe('rm5-demo/poster.w960.webp')
    expect(variantKey('/media/Heros/a.b.jpeg', 1280, 'jpg')).toBe('/media/Heros/a.b.w1280.jpg')
  })

  it('recognises variants and nothing else', () => {
    for (const key of ['home.w640.avif', 'a/b.w1920.webp', 'x.w960.jpg', 'X.W640.AVIF']) {
      expect(isVariantKey(key), key).toBe(true)
    }
    for (const key of [
      'home.jpg',
      'rm5_640.jpg',
      'w640.avif',
      'home.w640.png',
      'home.wide.avif',
      'hero/0_0.png',
    ]) {
      expect(isVariantKey(key), key).toBe(false)
    }
    expect(isVariantKey(variantKey('rm5_1.jpg', 640, 'jpg'))).toBe(true)
  })

  it('keeps variants of every Heros image and of video stills only', () => {
    expect(wantsVariants('Heros', 'home.jpg')).toBe(true)
    expect(wantsVariants('Heros', 'sub/careers.png')).toBe(true)
    expect(wantsVariants('Heros', 'home.w640.jpg')).toBe(false)
    expect(wantsVariants('Heros', 'notes.txt')).toBe(false)
    expect(wantsVariants('Heros', '.home.jpg')).toBe(false)
    expect(wantsVariants('video', 'rm5-demo/poster.jpg')).toBe(true)
    expect(wantsVariants('video', 'rm5-demo/seg_000.ts')).toBe(false)
    expect(wantsVariants('video', 'rm5-demo/frame.jpg')).toBe(false)
    expect(wantsVariants('360', 'rm5_1.jpg')).toBe(false)
  })
})

describe('variantsFor', () => {
  it('renders AVIF and WebP up to the source width and JPEG only below it', () => {
    const keys = variantsFor('home.jpg', 1920).map((v) => v.key)
    expect(keys).toEqual([
      'home.w640.avif',
      'home.w640.webp',
      'home.w640.jpg',
      'home.w960.avif',
      'home.w960.webp',
      'home.w960.jpg',
      'home.w1280.avif',
      'home.w1280.webp',
      'home.w1280.jpg',
      'home.w1920.avif',
      'home.w1920.webp',
    ])
  })

  it('never upscales', () => {
    expect(variantsFor('p.jpg', 960).map((v) => v.key)).toEqual([
      'p.w640.avif',
      'p.w640.webp',
      'p.w640.jpg',
      'p.w960.avif',
      'p.w960.webp',
    ])
    expect(
      variantsFor('p.jpg', 1000)
        .filter((v) => v.format === 'jpg')
        .map((v) => v.width),
    ).toEqual([640, 960])
    expect(variantsFor('small.jpg', 500)).toEqual([])
    expect(variantsFor('huge.jpg', 4000)).toHaveLength(RESPONSIVE_WIDTHS.length * 3)
  })
})

describe('srcset', () => {
  it('joins candidates with width descriptors', () => {
    expect(buildSrcSet([])).toBe('')
    expect(
      buildSrcSet([
        { url: '/a.avif', width: 640 },
        { url: '/b.avif', width: 960 },
      ]),
    ).toBe('/a.avif 640w, /b.avif 960w')
  })

  it('lists AVIF, then WebP sources, and the JPEG variants plus the original on the img', () => {
    const image = responsiveImage('/media/Heros/technology.jpg', 1920, 1080)
    expect(image).toMatchObject({ src: '/media/Heros/technology.jpg', width: 1920, height: 1080 })
    expect(image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp'])
    expect(image.sources[0]?.srcSet).toBe(
      '/media/Heros/technology.w640.avif 640w, /media/Heros/technology.w960.avif 960w, ' +
        '/media/Heros/technology.w1280.avif 1280w, /media/Heros/technology.w1920.avif 1920w',
    )
    expect(image.sources[1]?.srcSet).toContain('/media/Heros/technology.w640.webp 640w')
    expect(image.srcSet).toBe(
      '/media/Heros/technology.w640.jpg 640w, /media/Heros/technology.w960.jpg 960w, ' +
        '/media/Heros/technology.w1280.jpg 1280w, /media/Heros/technology.jpg 1920w',
    )
  })

  it('works on MEDIA_PUBLIC_URL addresses (physical bucket, encoded key)', () => {
    const src = buildMediaUrl('https://cdn.example.com/rm5', 'Heros', 'my page.jpg')
    const image = responsiveImage(src, 960, 540)
    expect(image.sources[0]?.srcSet).toBe(
      'https://cdn.example.com/rm5/heros/my%20page.w640.avif 640w, https://cdn.example.com/rm5/heros/my%20page.w960.avif 960w',
    )
    expect(image.srcSet).toBe(
      'https://cdn.example.com/rm5/heros/my%20page.w640.jpg 640w, https://cdn.example.com/rm5/heros/my%20page.jpg 960w',
    )
  })
})
