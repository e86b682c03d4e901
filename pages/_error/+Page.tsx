import { useEffect } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { DocumentNotFound } from '../../components/documents/DocumentNotFound.tsx'
import { DocumentUnavailable } from '../../components/documents/DocumentUnavailable.tsx'
import { ErrorReference } from '../../components/layout/ErrorReference.tsx'
import { DOCUMENT_NOT_FOUND, DOCUMENT_UNAVAILABLE } from '../../lib/documents.ts'

export default function Page() {
  const pageContext = usePageContext()
  const { is404, urlPathname } = pageContext
  useEffect(() => {
    if (is404) console.error('404 Error: User attempted to access non-existent route:', urlPathname)
  }, [is404, urlPathname])
  if (is404 && pageContext.abortReason === DOCUMENT_NOT_FOUND) return <DocumentNotFound />
  if (is404) {
    return (
      <section className="error-page" aria-labelledby="page-title">
        <div>
          <p className="error-page__code" aria-hidden="true">
            404
          </p>
          <h1 id="page-title">Page Not Found</h1>
          <p>Oops! Page not found</p>
          <a className="button button--accent" href="/">
            Return to Home
          </a>
          <ErrorReference />
        </div>
      </section>
    )
  }
  if (pageContext.abortReason === DOCUMENT_UNAVAILABLE) return <DocumentUnavailable />
  const reason =
    (pageContext.abortReason as string | undefined) ??
    pageContext.abortStatusCode ??
    'Something went wrong on our side.'
  return (
    <section className="error-page" aria-labelledby="page-title">
      <div>
        <h1 id="page-title">Unexpected Application Error!</h1>
        <p>{String(reason)}</p>
        <a className="button button--accent" href="/">
          Return to Home
        </a>
        <ErrorReference />
      </div>
    </section>
  )
}
