import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { agreementUrl, DOCUMENT_NOT_FOUND, DOCUMENT_UNAVAILABLE, documentPath } from '../../lib/documents.ts'
import { documentPageData } from '../../server/documents/page-data.server.ts'
import { isDocumentUnavailable } from '../../server/documents/unavailable.server.ts'

// Server-only, for every request (never cached): the one place with this page's rule. A verified
// grant of the document's retailer opens it; no grant, another retailer's grant, a revoked or
// expired code and a missing, removed or malformed id all get the same 404 as an unknown path
// (a signed-in viewer's in the docket's design).
// A viewer who has not accepted the retailer's current agreement is sent to it first. A document
// whose preparation went over the worker pool's limits answers 503 with its own page.
export default async function onBeforeRender(pageContext: PageContextServer) {
  const room = pageContext.documents
  const viewers = pageContext.accessViewers ?? []
  const viewed = room ? await room.open(pageContext.routeParams.id, viewers) : undefined
  // Signed in: the same 404 in the data room's design; otherwise the site's own, as for any path.
  if (!room || !viewed) throw viewers.length > 0 ? render(404, DOCUMENT_NOT_FOUND) : render(404)
  if (await room.pendingAgreement(viewed.viewer)) {
    throw redirect(agreementUrl(documentPath(viewed.document.id)))
  }
  const documentPage = await documentPageData(room, viewed).catch((error: unknown) => {
    throw isDocumentUnavailable(error) ? render(503, DOCUMENT_UNAVAILABLE) : error
  })
  room.opened(viewed, room.clientHash(pageContext.clientIp ?? 'unknown'))
  return { pageContext: { documentPage } }
}
