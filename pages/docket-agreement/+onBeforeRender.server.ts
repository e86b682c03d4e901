import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { DOCKET_PATH, DOCUMENTS_PATH } from '../../lib/access.ts'
import { safeAgreementNext } from '../../lib/documents.ts'
import { agreementPageData } from '../../server/documents/page-data.server.ts'

// Server-only, per request, once the guard has let a viewer in. The agreement of the retailer
// whose document the viewer asked for (`next`, a document page and nothing else), or, without one,
// of the first retailer of the viewer's grants with an agreement still to accept. Nothing left to
// accept: straight on to the document (or the docket).
export default async function onBeforeRender(pageContext: PageContextServer) {
  const room = pageContext.documents
  const viewers = pageContext.accessViewers ?? []
  if (!room) throw render(404)
  let next = safeAgreementNext(pageContext.urlParsed.search.next)
  let candidates = viewers
  if (next) {
    const viewed = await room.open(next.slice(DOCUMENTS_PATH.length + 1), viewers)
    if (viewed) candidates = [viewed.viewer]
    else next = undefined
  }
  for (const viewer of candidates) {
    const agreement = await room.pendingAgreement(viewer)
    if (agreement) return { pageContext: { agreementPage: agreementPageData(viewer, agreement, next) } }
  }
  throw redirect(next ?? DOCKET_PATH)
}
