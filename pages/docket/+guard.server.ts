import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { canOpenDocket } from '../../lib/access'

// Server-only (.server.ts): on client-side navigation Vike fetches /docket/index.pageContext.json,
// which runs this same guard here, so no visitor can skip it. accessGrants holds grants the server
// verified (server/access/grants.server.ts). Without one: a silent 302 to / (docs/original-behaviour.md §8).
export default function guard(pageContext: PageContextServer) {
  const grants = pageContext.accessGrants ?? []
  if (!canOpenDocket(grants)) throw redirect('/')
  // Any grant opens the docket: each one held counts as an opening by its code.
  pageContext.recordOpening?.(grants)
}
