import type { ReactNode } from 'react'
import { useConfig } from 'vike-react/useConfig'
import { heroImage } from '../../lib/media.ts'
import { PreloadImage } from '../media/PreloadImage.tsx'
import { ResponsivePicture } from '../media/ResponsivePicture.tsx'

/** Dark hero band with the page's hero image from the `Heros` bucket behind the headline. */
export function PageHero({
  page,
  eyebrow,
  title,
  children,
  compact,
  back,
}: {
  page: string
  /** Above the eyebrow: the way back to where the page is reached from (the proposal's docket). */
  back?: ReactNode
  eyebrow?: string
  title: ReactNode
  children?: ReactNode
  compact?: boolean
}) {
  const image = heroImage(page)
  // The hero is the LCP element: preloaded from <head> (AVIF, responsive), fetched with high priority.
  useConfig()({ Head: <PreloadImage image={image} sizes="100vw" /> })
  return (
    <section className={compact ? 'page-hero page-hero--compact' : 'page-hero'} aria-labelledby="page-title">
      <ResponsivePicture className="page-hero__media" image={image} sizes="100vw" priority />
      <div className="container">
        {back}
        {eyebrow ? <span className="eyebrow caps-label">{eyebrow}</span> : null}
        <h1 id="page-title">{title}</h1>
        {children}
      </div>
    </section>
  )
}
