// Renders the responsive variants of one image with sharp (names and widths: lib/responsive-images.ts).
// Deterministic for the same input and sharp build, so re-uploading finds them unchanged.
import sharp, { type Sharp } from 'sharp'
import { type VariantFormat, variantsFor } from '../../../lib/responsive-images.ts'

/**
 * Quality per format. AVIF q50 keeps the demo heroes at a few KB at 640 px (the mobile LCP
 * image). Effort 3, not 4: effort 4 took several times as long for a few percent fewer bytes, and
 * first start renders a dozen heroes. WebP q72 and mozjpeg q75 look
 * alike at these sizes.
 */
function encode(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 3 })
    case 'webp':
      return image.webp({ quality: 72 })
    case 'jpg':
      return image.jpeg({ quality: 75, mozjpeg: true })
  }
}

export interface RenderedVariant {
  key: string
  data: Buffer
}

/** The width sharp reads from the image's header (after EXIF rotation); throws for a non-image. */
export async function imageWidth(input: Buffer | string): Promise<number> {
  const meta = await sharp(input).metadata()
  const width = meta.autoOrient?.width ?? meta.width
  if (!width) throw new Error('not a readable image')
  return width
}

/** Every variant of the image stored (or to be stored) under `key`. */
export async function renderVariants(input: Buffer | string, key: string): Promise<RenderedVariant[]> {
  const width = await imageWidth(input)
  const out: RenderedVariant[] = []
  // One at a time: libvips already uses both cores for each encode.
  for (const variant of variantsFor(key, width)) {
    const image = sharp(input).autoOrient().resize({ width: variant.width, withoutEnlargement: true })
    out.push({ key: variant.key, data: await encode(image, variant.format).toBuffer() })
  }
  return out
}
