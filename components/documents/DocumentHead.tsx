import { type DocumentPageData, SHARED_OPENLY } from '../../lib/documents.ts'
import { DocumentBand } from './DocumentBand.tsx'
import { documentLength, kindLabel, updatedOn } from './document-meta.ts'
import { ViewerLine } from './ViewerLine.tsx'

/** A document's title band: where it comes from, its facts, who is viewing, and the PDF's links. */
export function DocumentHead({ document }: { document: DocumentPageData }) {
  return (
    <DocumentBand eyebrow={`${kindLabel(document.kind)} · ${document.retailerName}`} title={document.title}>
      <ul className="document-meta">
        <li>
          Updated <time dateTime={document.updatedAt.toISOString()}>{updatedOn(document.updatedAt)}</time>
        </li>
        <li>{documentLength(document)}</li>
        <li>Version {document.version}</li>
        {document.public ? (
          <li>{SHARED_OPENLY}</li>
        ) : (
          <li>
            <ViewerLine verb="Viewing" viewer={document.viewer} />
          </li>
        )}
      </ul>
      {document.fileUrl ? (
        <div className="document-head__actions button-row">
          <a className="button button--accent" href={document.fileUrl}>
            Open PDF
          </a>
          {document.download ? (
            <a className="button button--ghost" href={`${document.fileUrl}?download=1`} download>
              Download
            </a>
          ) : null}
        </div>
      ) : null}
    </DocumentBand>
  )
}
