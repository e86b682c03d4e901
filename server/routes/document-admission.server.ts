// What a document's file and its page pictures answer before anything is read: the document's
// one rule (server/documents/admission.server.ts, the page's too) turned into a reply. Not a PDF
// the viewer may open: the answer of an unknown path; an agreement still to accept: sent to it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DOCUMENT_UNAVAILABLE_TITLE } from '../../lib/documents.ts'
import { type AdmissionPurpose, admitToDocument } from '../documents/admission.server.ts'
import type { ViewedDocument } from '../documents/data-room.server.ts'

/** Never kept by a shared cache, nor by the browser: a stamp names one viewer. */
export const DOCUMENT_CACHE_CONTROL = 'private, no-store'

/** The viewer's PDF once admitted; undefined when `reply` has been answered instead. */
export async function admittedPdf(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  purpose: Extract<AdmissionPurpose, 'file' | 'pageImage'>,
): Promise<ViewedDocument | undefined> {
  const viewers = await app.access.grants.grantsFor(request.headers.cookie)
  const admission = await admitToDocument(app.documents, request.params.id, viewers, purpose)
  if (!admission) {
    await reply.callNotFound()
    return undefined
  }
  if (admission.agreementFirst) {
    await reply
      .code(302)
      .header('cache-control', DOCUMENT_CACHE_CONTROL)
      .header('location', admission.agreementFirst)
      .send()
    return undefined
  }
  return admission.viewed
}

/** A document job over the pool's limits: a plain 503, try later. */
export const sendUnavailable = (reply: FastifyReply) =>
  reply
    .code(503)
    .header('cache-control', DOCUMENT_CACHE_CONTROL)
    .header('retry-after', '60')
    .type('text/plain; charset=utf-8')
    .send(`${DOCUMENT_UNAVAILABLE_TITLE}. Try again in a few minutes.`)
