// GET /docket/documents/<id>/pages/<n>: page n of a view-only document (stored without download)
// as a picture, drawn in the worker pool from the viewer's stamped copy and so carrying their
// watermark (decision 060). The document's one rule, as for its page and its file
// (document-admission.server.ts). A document with download has no pictures: its viewer gets the
// file, and this address answers like an unknown path, as does a page the document does not have.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { DOCUMENTS_PATH } from '../../lib/access.ts'
import { isDocumentUnavailable } from '../documents/unavailable.server.ts'
import { admittedPdf, DOCUMENT_CACHE_CONTROL, sendUnavailable } from './document-admission.server.ts'

/** A page number as its address writes it: digits, no leading zero (one address per page). */
const pageNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/)
  .transform(Number)

export async function documentPageImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; page: string } }>(
    `${DOCUMENTS_PATH}/:id/pages/:page`,
    async (request, reply) => {
      const page = pageNumber.safeParse(request.params.page)
      if (!page.success) return reply.callNotFound()
      const viewed = await admittedPdf(app, request, reply, 'pageImage')
      if (!viewed) return reply
      const { document } = viewed
      if (document.download || page.data > (document.pages ?? 0)) return reply.callNotFound()
      const image = await app.documents.pageImage(viewed, page.data).catch((error: unknown) => {
        if (!isDocumentUnavailable(error)) throw error
        return undefined
      })
      if (!image) return sendUnavailable(reply)
      return reply
        .header('cache-control', DOCUMENT_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .type('image/webp')
        .send(image.bytes)
    },
  )
}
