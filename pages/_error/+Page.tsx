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
    return <ErrorPanel code="404" title="Page Not Found" message="Oops! Page not found" />
  }
  if (pageContext.abortReason === DOCUMENT_UNAVAILABLE) return <DocumentUnavailable />
  const reason =
    (pageContext.abortReason as string | undefined) ??
    pageContext.abortStatusCode ??
    'Something went wrong on our side.'
  return <ErrorPanel title="Unexpected Application Error!" message={String(reason)} />
}

/** The spec's error page: its heading and message, the way home and the reference to quote. */
function ErrorPanel({ code, title, message }: { code?: string; title: string; message: string }) {
  return (
    <section className="error-page" aria-labelledby="page-title">
      <div>
        {code ? (
          <p className="error-page__code" aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 id="page-title">{title}</h1>
        <p>{message}</p>
        <a className="button button--accent" href="/">
          Return to Home
        </a>
        <ErrorReference />
      </div>
    </section>
  )
}
