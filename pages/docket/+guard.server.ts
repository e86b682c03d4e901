import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { canOpenDocket } from '../../lib/access.ts'

// Server-only (.server.ts): it runs on the server for the page and for its pageContext.json alike,
// so no request can skip it. accessGrants holds grants the server
// verified (server/access/grants.server.ts). Without one: a silent 302 to / (docs/original-behaviour.md §8).
export default function guard(pageContext: PageContextServer) {
  const grants = pageContext.accessGrants ?? []
  if (!canOpenDocket(grants)) throw redirect('/')
  // Any grant opens the docket: each one held counts as an opening by its code.
  pageContext.recordOpening?.(grants)
}
