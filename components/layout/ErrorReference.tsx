import { usePageContext } from 'vike-react/usePageContext'

/** The request's id, for a visitor's report to quote; the server's log lines carry the same. */
export function ErrorReference() {
  const { requestId } = usePageContext()
  if (!requestId) return null
  return (
    <p className="error-page__reference">
      Reference: <code>{requestId}</code>
    </p>
  )
}
