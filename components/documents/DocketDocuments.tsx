import { type DocketDocument, documentPath, SHARED_OPENLY } from '../../lib/documents.ts'
import { documentLength, kindLabel, updatedOn } from './document-meta.ts'

/**
 * The data room's documents at the top of /docket: those of the retailers whose grants opened it,
 * each a link to its page. Nothing at all when there are none, so a docket without documents
 * looks as it always did.
 */
export function DocketDocuments({
  documents,
  unavailable,
}: {
  documents: readonly DocketDocument[]
  unavailable: boolean
}) {
  if (documents.length === 0 && !unavailable) return null
  const retailers = [...new Set(documents.map((doc) => doc.retailer))]
  const several = retailers.length > 1
  const open = documents.length > 0 && documents.every((doc) => doc.public)
  return (
    <section className="docket-documents on-dark" aria-labelledby="docket-documents-title">
      <div className="container">
        <div className="docket-documents__intro">
          <p className="eyebrow">Data room</p>
          <h2 id="docket-documents-title">
            {several || retailers.length === 0
              ? 'Your documents'
              : `Documents for ${documents[0]?.retailerName}`}
          </h2>
          <p>
            {unavailable
              ? 'Your documents could not be loaded just now. Reload the page in a moment.'
              : open
                ? `${SHARED_OPENLY}: anyone who opens this gate can read these documents.`
                : 'Shared with your team only. Every copy you open carries your name.'}
          </p>
        </div>
        {documents.length > 0 ? (
          <ul className="docket-documents__list grid-list">
            {documents.map((doc) => (
              <li key={doc.id}>
                <a className="document-card" href={documentPath(doc.id)}>
                  <span className="document-card__kind caps-label">
                    {kindLabel(doc.kind)}
                    {several ? ` · ${doc.retailerName}` : ''}
                    {doc.public && !open ? ` · ${SHARED_OPENLY}` : ''}
                  </span>
                  <span className="document-card__title">{doc.title}</span>
                  <span className="document-card__meta">
                    Updated <time dateTime={doc.updatedAt.toISOString()}>{updatedOn(doc.updatedAt)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="visually-hidden">, </span>
                    {documentLength(doc)}
                  </span>
                  <span className="document-card__arrow" aria-hidden="true">
                    →
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
