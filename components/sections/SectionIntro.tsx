import type { ReactNode } from 'react'

/** Eyebrow, h2 and lead text at the top of a section; `id` names the section (aria-labelledby). */
export function SectionIntro({
  id,
  eyebrow,
  title,
  children,
  center,
}: {
  id: string
  eyebrow?: string
  title: ReactNode
  children?: ReactNode
  center?: boolean
}) {
  return (
    <div className={center ? 'section__intro section__intro--center' : 'section__intro'}>
      {eyebrow ? <p className="eyebrow caps-label">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  )
}
