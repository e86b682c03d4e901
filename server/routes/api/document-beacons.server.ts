// POST /api/documents/beacon: reading time from the document pages (lib/documents/beacon.ts),
// sent by navigator.sendBeacon on a page change and when the viewer leaves. The viewer is the
// one the grant cookie names, admitted by the document's one rule (server/documents/
// admission.server.ts, as its page and file); no other cookie, no answer body. A beacon the rule
// refuses, or for a version that never existed, gets the same 404 as a missing document. Time
// is cut by the viewer's reading clock in Postgres (one statement: never more than the time since
// their first token, across tokens and instances) and goes to DocumentEngagement, which clamps it
// again and writes it in batches.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { BEACON_PATH } from '../../../lib/documents/beacon.ts'
import type { GrantReader } from '../../access/grants.server.ts'
import { admitToDocument } from '../../documents/admission.server.ts'
import type { DataRoom } from '../../documents/data-room.server.ts'
import type { DocumentEngagement } from '../../documents/engagement.server.ts'
import { MAX_PAGE, MAX_SECONDS_PER_REPORT } from '../../documents/engagement.server.ts'
import { DOCUMENT_ID } from '../../documents/ids.server.ts'
import type { ReadingViewer } from '../../documents/reading-clocks.server.ts'
import type { ViewToken } from '../../documents/view-token.server.ts'
import { HttpError, validationError } from '../../http/errors.server.ts'
import { routeRateLimit } from '../../http/rate-limits.server.ts'

/** A beacon is well under 200 bytes; anything near this is not one. */
export const BEACON_BODY_LIMIT = 1024

const beaconSchema = z.object({
  documentId: z.string().regex(DOCUMENT_ID, 'Not a document id.'),
  version: z.number().int().min(1).max(1_000_000),
  page: z.number().int().min(0).max(MAX_PAGE),
  seconds: z.number().int().min(0).max(MAX_SECONDS_PER_REPORT),
  shown: z.boolean().optional(),
  token: z.string().min(1).max(1000),
})

export interface DocumentBeaconOptions {
  engagement: Pick<DocumentEngagement, 'read'>
  /** The data room whose rule admits a viewer to a document (app.documents). */
  room: Pick<DataRoom, 'open' | 'pendingAgreement'>
  /** The keyed hash a record keeps of a client address (DataRoom.clientHash). */
  clientHash(ip: string): string
  /** The view token a page carried, when valid (DataRoom.readViewToken). */
  readViewToken(value: string): ViewToken | undefined
  /** The seconds of a report that count for the viewer and document (DataRoom.readingTime). */
  readingTime(documentId: string, viewer: ReadingViewer, token: ViewToken, seconds: number): Promise<number>
  /** Who the grant cookie names; app.access.grants unless given. */
  grants?: GrantReader
  /** Prefix for the rate-limit counters (tests sharing one Redis); app.access's seam unless given. */
  rateLimitPrefix?: string
}

const NOT_FOUND = () => new HttpError(404, 'not_found', 'No such document.')

export async function documentBeaconRoutes(app: FastifyInstance, options: DocumentBeaconOptions) {
  const grants = options.grants ?? app.access.grants
  const prefix = `${options.rateLimitPrefix ?? app.access.options.rateLimitPrefix ?? ''}document-beacon:`
  // sendBeacon sends a string as text/plain: here it is JSON, read by Fastify's own JSON parser
  // (prototype-poisoning checks included). This parser lives in this plugin only.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'))

  app.post(
    BEACON_PATH.replace(/^\/api/, ''),
    {
      bodyLimit: BEACON_BODY_LIMIT,
      config: {
        acceptsTextPlain: true,
        rateLimit: routeRateLimit('documentBeacon', prefix),
      },
    },
    async (request, reply) => {
      const parsed = beaconSchema.safeParse(request.body)
      if (!parsed.success) throw validationError(parsed.error)
      const beacon = parsed.data
      const viewers = await grants.grantsFor(request.headers.cookie)
      if (viewers.length === 0) throw NOT_FOUND()
      const admission = await admitToDocument(options.room, beacon.documentId, viewers, 'beacon')
      if (!admission || beacon.version > admission.viewed.document.version) throw NOT_FOUND()
      const { document, viewer } = admission.viewed
      // The page's own token, for this document, version and viewer.
      const token = options.readViewToken(beacon.token)
      if (
        !token ||
        token.documentId !== document.id ||
        token.version !== beacon.version ||
        token.codeId !== viewer.codeId ||
        token.email !== viewer.email
      ) {
        throw NOT_FOUND()
      }
      // The current version's pages are known; an older version's were bounded by MAX_PAGE above.
      if (beacon.version === document.version) {
        const lastPage = document.kind === 'pdf' ? (document.pages ?? MAX_PAGE) : 0
        if (beacon.page > lastPage) {
          throw new HttpError(400, 'validation_failed', 'Some fields need attention.', {
            page: `This document has no page ${beacon.page}.`,
          })
        }
      }
      const ipHash = options.clientHash(request.ip)
      const reader = { codeId: viewer.codeId, email: viewer.email, ipHash }
      const seconds =
        beacon.seconds > 0 ? await options.readingTime(document.id, reader, token, beacon.seconds) : 0
      options.engagement.read(
        {
          documentId: document.id,
          version: beacon.version,
          retailer: viewer.retailer,
          codeId: viewer.codeId,
          email: viewer.email,
          ipHash,
        },
        beacon.page,
        seconds,
        beacon.shown ?? false,
      )
      return reply.code(204).header('cache-control', 'no-store').send()
    },
  )
}
