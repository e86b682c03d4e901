import { DOCUMENT_UNAVAILABLE_TITLE } from '../../lib/documents.ts'
import { ErrorReference } from '../layout/ErrorReference.tsx'

// What a viewer sees when a document's preparation (its watermark, its Markdown) went over the
// limits of the server's document workers (decision 034): the site's error layout, a way back.
export function DocumentUnavailable() {
  return (
    <section className="error-page" aria-labelledby="page-title">
      <div className="error-page__body">
        <p className="error-page__code" aria-hidden="true">
          503
        </p>
        <h1 id="page-title">{DOCUMENT_UNAVAILABLE_TITLE}</h1>
        <p>
          The server could not prepare this document for you just now. Try again in a few minutes; if it keeps
          happening, tell your RM5 contact which document you were opening.
        </p>
        <a className="button button--accent" href="/docket">
          Back to the docket
        </a>
        <ErrorReference />
      </div>
    </section>
  )
}
