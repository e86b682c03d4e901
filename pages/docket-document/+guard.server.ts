import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { DOCUMENT_NOT_FOUND } from '../../lib/documents.ts'
import { admitToDocument } from '../../server/documents/admission.server.ts'

// Server-only, for every request (the page is rendered per viewer, never kept): the document's
// rule, the same one its file answers by (server/documents/admission.server.ts). Refused: the 404
// of an unknown path, in the docket's design for a signed-in viewer. A viewer who has not accepted
// the partner's current agreement is sent to it first.
export default async function guard(pageContext: PageContextServer) {
  const room = pageContext.documents
  const viewers = pageContext.accessViewers ?? []
  const admission = room
    ? await admitToDocument(room, pageContext.routeParams.id, viewers, 'page')
    : undefined
  if (!admission) throw viewers.length > 0 ? render(404, DOCUMENT_NOT_FOUND) : render(404)
  if (admission.agreementFirst) throw redirect(admission.agreementFirst)
}
