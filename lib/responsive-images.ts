// Responsive variants of stored images (docs/decisions/006-responsive-images.md). One module for
// the widths and the naming, used by the generators and the media CLI (which write the variants)
// and by the components (which list them in srcset). Isomorphic: no node imports.
//
//   home.jpg (the original, kept as the largest JPEG)
//   home.w640.avif  home.w640.webp  home.w640.jpg  … one set per width below the original's,
//   home.w1920.avif home.w1920.webp (no .w1920.jpg when the original is 1920 wide: it is home.jpg)

import type { LogicalBucket } from './buckets.ts'

/** Widths rendered for every source at least that wide (the small ones decide mobile LCP). */
export const RESPONSIVE_WIDTHS = [640, 960, 1280, 1920] as const

export type VariantFormat = 'avif' | 'webp' | 'jpg'

/** In preference order: a <picture> lists its sources in this order and the browser takes the first it supports. */
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpg']

export const VARIANT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
}

const SOURCE_IMAGE = /\.(jpe?g|png|webp)$/i
const VARIANT = /\.w\d+\.(avif|webp|jpg)$/i
const EXTENSION = /\.[^./]+$/

/** True for a generated variant (`….w640.avif`): never a frame, never a source of variants. */
export function isVariantKey(key: string): boolean {
  return VARIANT.test(key)
}

/** A key (or URL) with its extension replaced by `.w{width}.{format}`: `a/home.jpg` → `a/home.w640.avif`. */
export function variantKey(key: string, width: number, format: VariantFormat): string {
  const base = key.replace(EXTENSION, '')
  return `${base}.w${width}.${format}`
}

/**
 * Which stored images get variants: every image in `Heros` (page heroes) and the video stills
 * (`…/poster.jpg` in `video`, the home hero's LCP image). Variants themselves never do.
 */
export function wantsVariants(bucket: LogicalBucket, key: string): boolean {
  if (isVariantKey(key) || !SOURCE_IMAGE.test(key)) return false
  const name = key.slice(key.lastIndexOf('/') + 1)
  if (name.startsWith('.')) return false
  if (bucket === 'Heros') return true
  return bucket === 'video' && name === 'poster.jpg'
}

export interface Variant {
  key: string
  width: number
  format: VariantFormat
}

/**
 * The variants of a source `sourceWidth` pixels wide: AVIF and WebP at every listed width up to
 * it (never upscaled), JPEG only below it (the original is the largest JPEG).
 */
export function variantsFor(key: string, sourceWidth: number): Variant[] {
  const out: Variant[] = []
  for (const width of RESPONSIVE_WIDTHS) {
    if (width > sourceWidth) break
    for (const format of VARIANT_FORMATS) {
      if (format === 'jpg' && width >= sourceWidth) continue
      out.push({ key: variantKey(key, width, format), width, format })
    }
  }
  return out
}

/** `a.jpg 640w, b.jpg 960w` */
export function buildSrcSet(candidates: readonly { url: string; width: number }[]): string {
  return candidates.map((c) => `${c.url} ${c.width}w`).join(', ')
}

export interface PictureSource {
  type: string
  srcSet: string
}

/** What a <picture> needs for an original stored at `src`, `width` × `height` pixels. */
export interface ResponsiveImage {
  /** The original JPEG: the <img> fallback for browsers without srcset. */
  src: string
  width: number
  height: number
  /** AVIF, then WebP: the <source> elements, in preference order. */
  sources: PictureSource[]
  /** JPEG candidates (variants, then the original at its own width) for the <img>. */
  srcSet: string
}

/**
 * The srcsets for an original at URL `src` whose variants were stored beside it (same folder,
 * names by variantKey). Works on URLs as on keys, so /media and MEDIA_PUBLIC_URL URLs both work.
 */
export function responsiveImage(src: string, width: number, height: number): ResponsiveImage {
  const variants = variantsFor(src, width)
  const srcSetOf = (format: VariantFormat) =>
    buildSrcSet(variants.filter((v) => v.format === format).map((v) => ({ url: v.key, width: v.width })))
  const jpegs = variants.filter((v) => v.format === 'jpg').map((v) => ({ url: v.key, width: v.width }))
  return {
    src,
    width,
    height,
    sources: (['avif', 'webp'] as const).map((format) => ({
      type: VARIANT_TYPES[format],
      srcSet: srcSetOf(format),
    })),
    srcSet: buildSrcSet([...jpegs, { url: src, width }]),
  }
}
