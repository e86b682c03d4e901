import type { ReactNode } from 'react'
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
  return (
    <section className={compact ? 'page-hero page-hero--compact' : 'page-hero'} aria-labelledby="page-title">
      <img
        className="page-hero__media"
        src={heroImageUrl(page)}
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
