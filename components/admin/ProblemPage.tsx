import { ConsoleShell, type ConsoleUser, PageHead } from './ConsoleShell.tsx'

/** A refused or failed request (403, 404, 429, 500): what happened and the way back. */
export function ProblemPage({
  user,
  title,
  message,
}: {
  user?: ConsoleUser
  title: string
  message: string
}) {
  const body = (
    <div className="panel">
      <p>{message}</p>
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
    <ConsoleShell user={user} current="">
      <PageHead title={title} />
      {body}
    </ConsoleShell>
  )
}
