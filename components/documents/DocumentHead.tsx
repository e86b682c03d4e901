import { DOCKET_PATH } from '../../lib/access.ts'
import type { DocumentPageData } from '../../lib/documents.ts'
import { documentLength, kindLabel, updatedOn } from './document-meta.ts'

/** A document's title band: where it comes from, its facts, who is viewing, and the PDF's links. */
export function DocumentHead({ document }: { document: DocumentPageData }) {
  return (
    <section className="document-head" aria-labelledby="page-title">
      <div className="container">
        <a className="document-head__back" href={DOCKET_PATH}>
          <span aria-hidden="true">← </span>Back to the docket
        </a>
        <p className="eyebrow">
          {kindLabel(document.kind)} · {document.retailerName}
        </p>
        <h1 id="page-title">{document.title}</h1>
        <ul className="document-meta">
          <li>
            Updated <time dateTime={document.updatedAt.toISOString()}>{updatedOn(document.updatedAt)}</time>
          </li>
          <li>{documentLength(document)}</li>
          <li>Version {document.version}</li>
          <li>
            Viewing as <strong>{document.viewer}</strong>
          </li>
        </ul>
        {document.fileUrl ? (
          <div className="document-head__actions">
            <a className="button button--accent" href={document.fileUrl}>
              Open PDF
            </a>
            <a className="button button--ghost" href={document.fileUrl} download>
              Download
            </a>
          </div>
        ) : null}
      </div>
    </section>
  )
}
