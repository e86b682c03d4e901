import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { DOCUMENT_UNAVAILABLE } from '../../lib/documents.ts'
import { documentPageData } from '../../server/documents/page-data.server.ts'
import { isDocumentUnavailable } from '../../server/documents/unavailable.server.ts'

// Server-only, once the guard has let the viewer in: the document as this viewer sees it. A
// document whose preparation went over the worker pool's limits answers 503 with its own page.
export default async function onBeforeRender(pageContext: PageContextServer) {
  const room = pageContext.documents
  const viewed = await room?.open(pageContext.routeParams.id, pageContext.accessViewers)
  // Removed between the guard and now: the same answer as the guard's.
  if (!room || !viewed) throw render(404)
  const documentPage = await documentPageData(room, viewed).catch((error: unknown) => {
    throw isDocumentUnavailable(error) ? render(503, DOCUMENT_UNAVAILABLE) : error
  })
  room.opened(viewed, room.clientHash(pageContext.clientIp ?? 'unknown'))
  return { pageContext: { documentPage } }
}
