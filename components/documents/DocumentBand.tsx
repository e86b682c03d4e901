import type { ReactNode } from 'react'
import { DOCKET_PATH } from '../../lib/access.ts'

/**
 * The title band of the data room's pages (a document, the agreement before it): the way back to
 * the docket, where the page comes from, its title, then the page's own facts and links.
 */
export function DocumentBand({
  eyebrow,
  title,
  children,
}: {
  eyebrow: ReactNode
  title: ReactNode
  children: ReactNode
}) {
  return (
    <section className="document-head" aria-labelledby="page-title">
      <div className="container">
        <a className="document-head__back" href={DOCKET_PATH}>
          <span aria-hidden="true">← </span>Back to the docket
        </a>
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="page-title">{title}</h1>
        {children}
      </div>
    </section>
  )
}
