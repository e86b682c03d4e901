import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { canOpenProposal } from '../../lib/access.ts'

// Server-only, like the docket's guard: the proposal needs a verified circlek grant, else 302 to
// the circlek gate. Closing the proposal clears that grant, so reopening asks for the code again.
export default function guard(pageContext: PageContextServer) {
  if (!canOpenProposal(pageContext.accessGrants ?? [])) throw redirect('/circlek')
  pageContext.recordOpening?.(['circlek'])
}
