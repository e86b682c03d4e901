import { useConfig } from 'vike-react/useConfig'
import type { ResponsiveImage } from '../../lib/responsive-images'

export interface ResponsivePictureProps {
  image: ResponsiveImage
  /** The `sizes` of every candidate list: the width the image is shown at. */
  sizes: string
  className?: string
  alt?: string
  /** The page's LCP image: preloaded with high priority, never lazy. Otherwise it loads lazily. */
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
  const config = useConfig()
  const [first] = image.sources
  if (priority && first) {
    // One preload for the LCP image, of the format Chromium takes from the <picture> (AVIF), in
    // <head> so the download starts while the stylesheets load. `type` makes browsers without AVIF
    // skip it rather than fetch a file they will not use. Through useConfig, not react-dom's
    // preload(): vike-react renders only #root with React, so a hoisted preload would land in
    // <body>. (React adds no preload of its own for an <img> inside <picture>.)
    config({
      Head: (
        <link
          rel="preload"
          as="image"
          type={first.type}
          imageSrcSet={first.srcSet}
          imageSizes={sizes}
          fetchPriority="high"
        />
      ),
    })
  }
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
