// A console notice: what an action did (a status) or why it did not (an alert), with a heading
// the focus can move to. Its own file: the page frame and the form parts both show it.
import type { ReactNode } from 'react'

/** The outcome of the last post (303 with ?done=…): announced, focusable. */
export function Notice({
  kind,
  title,
  children,
}: {
  kind: 'ok' | 'error'
  title: string
  children?: ReactNode
}) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <h2>{title}</h2>
      {children}
    </div>
  )
}
