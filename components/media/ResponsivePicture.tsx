import type { ResponsiveImage } from '../../lib/responsive-images.ts'

export interface ResponsivePictureProps {
  image: ResponsiveImage
  /** The `sizes` of every candidate list: the width the image is shown at. */
  sizes: string
  className?: string
  alt?: string
  /**
   * The page's LCP image: fetched with high priority, never lazy (the page preloads it too, see
   * PreloadImage). Otherwise it loads lazily.
   */
  priority?: boolean
}

/**
 * A stored image and its variants (lib/responsive-images.ts) as <picture>: AVIF, then WebP, then
 * the JPEGs on the <img>, which keeps explicit width/height so nothing shifts.
 */
export function ResponsivePicture({
  image,
  sizes,
  className,
  alt = '',
  priority = false,
}: ResponsivePictureProps) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  )
}
