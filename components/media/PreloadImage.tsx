import type { ResponsiveImage } from '../../lib/responsive-images.ts'

/**
 * A page's LCP image, preloaded from <head> so its download starts with the HTML: one preload of
 * the format Chromium takes from the <picture> (AVIF); `type` makes browsers without AVIF skip it
 * rather than fetch a file they will not use. Rendered by a page's +Head or through useConfig
 * (PageHero): vike-react renders only #root with React, so react-dom's preload() would land in
 * <body>.
 */
export function PreloadImage({ image, sizes }: { image: ResponsiveImage; sizes: string }) {
  const [first] = image.sources
  if (!first) return null
  return (
    <link
      rel="preload"
      as="image"
      type={first.type}
      imageSrcSet={first.srcSet}
      imageSizes={sizes}
      fetchPriority="high"
    />
  )
}
