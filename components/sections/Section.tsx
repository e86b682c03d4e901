import type { ReactNode } from 'react'
import { SectionIntro } from './SectionIntro.tsx'

/**
 * A page section in one container: its ground (`tone`), then the intro that names it (eyebrow, h2
 * with the id `{id}-title`, lead), then its content.
 */
export function Section({
  id,
  tone,
  eyebrow,
  title,
  intro,
  center,
  children,
}: {
  id: string
  tone?: 'dark' | 'tint'
  eyebrow?: string
  title: ReactNode
  intro?: ReactNode
  center?: boolean
  children: ReactNode
}) {
  return (
    <section className={tone ? `section section--${tone}` : 'section'} aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionIntro id={`${id}-title`} eyebrow={eyebrow} title={title} center={center}>
          {intro}
        </SectionIntro>
        {children}
      </div>
    </section>
  )
}
