import type { ReactNode } from 'react'
import { preload } from 'react-dom'
import { heroImageUrl } from '../../lib/media'

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
  const src = heroImageUrl(page)
  // The hero is the LCP element: React hoists this into <head>, so the download starts before
  // the stylesheets are parsed instead of when the <img> is reached.
  preload(src, { as: 'image', fetchPriority: 'high' })
  return (
    <section className={compact ? 'page-hero page-hero--compact' : 'page-hero'} aria-labelledby="page-title">
      <img
        className="page-hero__media"
        src={src}
        alt=""
        width={1920}
        height={1080}
        fetchPriority="high"
        decoding="async"
      />
      <div className="container">
        {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
        <h1 id="page-title">{title}</h1>
        {children}
      </div>
    </section>
  )
}
