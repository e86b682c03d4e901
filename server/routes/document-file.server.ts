// GET /docket/documents/<id>/file: a PDF of the data room as its viewer receives it, stamped with
// their watermark (decision 031); a view-only one (stored without download) is refused with 403
// (decision 060). The document's one rule, as for its page (server/documents/admission.server.ts);
// a Markdown document has no file and answers like an unknown path too.
// One byte range per request on the stamped copy (the browser's viewer asks for ranges), streamed
// from its file: the request thread never holds the whole PDF.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { DOCUMENTS_PATH } from '../../lib/access.ts'
import { DOCUMENT_FILE_HEADERS } from '../documents/page-headers.server.ts'
import type { OpenStamp } from '../documents/stamped-pdfs.server.ts'
import { isDocumentUnavailable } from '../documents/unavailable.server.ts'
import { admittedPdf, DOCUMENT_CACHE_CONTROL, sendUnavailable } from './document-admission.server.ts'
import { contentRange, parseRange } from './range.server.ts'

/** The file route's answer for a view-only document. */
const VIEW_ONLY_REFUSAL = 'This document can be read here but not downloaded.'

/** `inline; filename=…` from a title: ASCII for old clients, the title itself in filename*. */
export function inlineDisposition(title: string): string {
  const base =
    title
      .normalize('NFC')
      .replace(/\p{Cc}|\p{Cf}/gu, '')
      .trim() || 'document'
  const ascii = base
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\/%;]/g, '_')
    .trim()
  const name = (ascii || 'document').slice(0, 150)
  const utf8 = encodeURIComponent(`${base.slice(0, 150)}.pdf`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `inline; filename="${name}.pdf"; filename*=UTF-8''${utf8}`
}

export async function documentFileRoutes(app: FastifyInstance): Promise<void> {
  // Fastify answers HEAD from this GET route (headers only).
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
    `${DOCUMENTS_PATH}/:id/file`,
    async (request, reply) => {
      const opened = await admittedPdf(app, request, reply, 'file')
      if (!opened) return reply
      const room = app.documents
      // The answers that need no file come first: nothing is opened that would have to be closed.
      // A document stored without download is view-only: its viewer gets pictures of its pages
      // (document-page-image.server.ts, decision 060), never the file, inline or not.
      if (!opened.document.download) {
        return reply
          .code(403)
          .header('cache-control', DOCUMENT_CACHE_CONTROL)
          .type('text/plain; charset=utf-8')
          .send(VIEW_ONLY_REFUSAL)
      }
      const stamp = await room.openStampedPdf(opened).catch((error: unknown) => {
        if (!isDocumentUnavailable(error)) throw error
        return undefined
      })
      if (!stamp) return sendUnavailable(reply)
      // The Download button's address: saved as a file, and recorded as its own event.
      const download = request.query.download === '1'
      if (download && request.method === 'GET' && !request.headers.range) {
        room.downloaded(opened, room.clientHash(request.ip))
      }
      const disposition = inlineDisposition(opened.document.title)
      return sendStamp(
        reply,
        stamp,
        request.headers.range,
        download ? disposition.replace(/^inline/, 'attachment') : disposition,
      )
    },
  )
}

/** Sends the whole stamped copy or one range of it; the file is closed when the stream ends. */
async function sendStamp(
  reply: FastifyReply,
  { file, size }: OpenStamp,
  rangeHeader: string | undefined,
  disposition: string,
) {
  reply.headers({
    'content-type': 'application/pdf',
    'content-disposition': disposition,
    'cache-control': DOCUMENT_CACHE_CONTROL,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    ...DOCUMENT_FILE_HEADERS,
  })
  const range = parseRange(rangeHeader, size)
  if (range.kind === 'unsatisfiable') {
    await file.close()
    return reply.code(416).header('content-range', `bytes */${size}`).send()
  }
  const { start, end } = range.kind === 'partial' ? range : { start: 0, end: size - 1 }
  if (range.kind === 'partial') reply.code(206).header('content-range', contentRange(range, size))
  // Closed with the stream, however it ends (sent, the client gone, a HEAD request's discard).
  const body = file.createReadStream({ start, end, autoClose: true })
  return reply.header('content-length', end - start + 1).send(body)
}
