import { ConsolePage, type ConsoleUser, PageHead } from './ConsoleShell.tsx'

/**
 * A refused or failed request (403, 404, 429, 500): what happened, the way back, and the request's
 * id (its X-Request-Id, in every log line of it) for a report to quote.
 */
export function ProblemPage({
  user,
  title,
  message,
  requestId,
}: {
  user?: ConsoleUser
  title: string
  message: string
  requestId: string
}) {
  const body = (
    <div className="panel">
      <p>{message}</p>
      <p className="muted small">
        Reference: <code>{requestId}</code>
      </p>
      <p>
        <a href="/admin">Back to the overview</a>
      </p>
    </div>
  )
  if (!user) {
    return (
      <main className="console-main" id="main">
        <PageHead title={title} />
        {body}
      </main>
    )
  }
  return (
    <ConsolePage user={user} current="" title={title}>
      {body}
    </ConsolePage>
  )
}
