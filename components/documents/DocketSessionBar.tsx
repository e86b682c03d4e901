import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import { SignOutForm } from './SignOutForm.tsx'

/**
 * The top of /docket: whose data room this is (the partners whose sessions opened it) and the
 * way out. Server-rendered from the verified grants; it names partners, never the viewer, so the
 * render can be kept for everyone holding the same grants.
 */
export function DocketSessionBar() {
  // Server-only: rendered by +Page.server.tsx pages, where the verified grants are known.
  const { accessGrants = [], partners } = usePageContext() as PageContextServer
  const names = accessGrants.map((slug) => partners?.nameOf(slug) ?? slug)
  return (
    <div className="docket-session on-dark">
      <div className="container docket-session__row">
        <p className="docket-session__who">
          <span className="caps-label">Signed in</span> <span>{names.join(' · ')}</span>
        </p>
        <SignOutForm />
      </div>
    </div>
  )
}
