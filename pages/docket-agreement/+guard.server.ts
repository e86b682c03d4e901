import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

// Server-only, for every request (the page names its viewer, never kept): a verified grant opens
// it; without one, the 404 of an unknown path. Which agreement it shows is +onBeforeRender's.
export default function guard(pageContext: PageContextServer) {
  if (!pageContext.documents || (pageContext.accessViewers ?? []).length === 0) throw render(404)
}
