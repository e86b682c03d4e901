import type { ReactNode } from 'react'
import { DocketBackLink } from './DocketBackLink.tsx'
import { SignOutForm } from './SignOutForm.tsx'

/**
 * The title band of the data room's pages (a document, the agreement before it, a document that
 * is not available): the way back to the docket and the way out, where the page comes from, its
 * title, then the page's own facts and links.
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
        <div className="document-head__top">
          <DocketBackLink />
          <SignOutForm />
        </div>
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="page-title">{title}</h1>
        {children}
      </div>
    </section>
  )
}
