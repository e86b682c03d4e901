import type { ReactNode } from 'react'
import { heroImage } from '../../lib/media'
import { ResponsivePicture } from '../media/ResponsivePicture'

/** Dark hero band with the page's hero image from the `Heros` bucket behind the headline. */
export function PageHero({
  page,
  eyebrow,
  title,
  children,
  compact,
}: {
  page: string
  eyebrow?: string
  title: ReactNode
  children?: ReactNode
  compact?: boolean
}) {
  return (
    <section className={compact ? 'page-hero page-hero--compact' : 'page-hero'} aria-labelledby="page-title">
      {/* The hero is the LCP element: preloaded (AVIF, responsive) and fetched with high priority. */}
      <ResponsivePicture className="page-hero__media" image={heroImage(page)} sizes="100vw" priority />
      <div className="container">
        {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
        <h1 id="page-title">{title}</h1>
        {children}
      </div>
    </section>
  )
}
