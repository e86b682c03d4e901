// POST /api/documents/beacon: reading time from the document pages (lib/documents/beacon.ts),
// sent by navigator.sendBeacon on a page change and when the viewer leaves. The viewer is the
// one the grant cookie names, for a document of that grant's retailer; no other cookie, no
// answer body. A beacon without such a grant, for another retailer's document, a removed or
// unknown one, or a version that never existed, gets the same 404 as a missing document. Time
// is cut by the viewer's reading clock in Postgres (one statement: never more than the time since
// their first token, across tokens and instances) and goes to DocumentEngagement, which clamps it
// again and writes it in batches.
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { AccessViewer } from '../../../lib/access.ts'
import { BEACON_PATH } from '../../../lib/documents/beacon.ts'
import { viewerOf } from '../../../lib/documents.ts'
import type { GrantReader } from '../../access/grants.server.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import type { DocumentEngagement } from '../../documents/engagement.server.ts'
import { MAX_PAGE, MAX_SECONDS_PER_REPORT } from '../../documents/engagement.server.ts'
import { DOCUMENT_ID } from '../../documents/ids.server.ts'
import type { ReadingViewer } from '../../documents/reading-clocks.server.ts'
import type { ViewToken } from '../../documents/view-token.server.ts'
import { HttpError, validationError } from '../../http/errors.server.ts'

/** A beacon is well under 200 bytes; anything near this is not one. */
export const BEACON_BODY_LIMIT = 1024
/** Per client address: a reader turning a page a second stays far below it. */
export const BEACON_RATE_LIMIT = { max: 120, windowMs: 60_000 }
/** A removed document stops taking time within this long. */
const LOOKUP_CACHE_MS = 5_000
const LOOKUP_CACHE_SIZE = 1_000

const beaconSchema = z.object({
  documentId: z.string().regex(DOCUMENT_ID, 'Not a document id.'),
  version: z.number().int().min(1).max(1_000_000),
  page: z.number().int().min(0).max(MAX_PAGE),
  seconds: z.number().int().min(0).max(MAX_SECONDS_PER_REPORT),
  shown: z.boolean().optional(),
  token: z.string().min(1).max(1000),
})

/** What the route needs of a document: DocumentStore.find fits. */
export type BeaconDocument = Pick<DocumentSummary, 'id' | 'retailer' | 'kind' | 'version' | 'pages'>

export interface DocumentBeaconOptions {
  engagement: Pick<DocumentEngagement, 'read'>
  /** The document by id, undefined when missing or removed (DocumentStore.find). */
  documents: { find(id: string): Promise<BeaconDocument | undefined> }
  /** The keyed hash a record keeps of a client address (DataRoom.clientHash). */
  clientHash(ip: string): string
  /** The view token a page carried, when valid (DataRoom.readViewToken). */
  readViewToken(value: string): ViewToken | undefined
  /** The seconds of a report that count for the viewer and document (DataRoom.readingTime). */
  readingTime(documentId: string, viewer: ReadingViewer, token: ViewToken, seconds: number): Promise<number>
  /** The agreement the viewer has still to accept, if any (DataRoom.pendingAgreement). */
  pendingAgreement(viewer: AccessViewer): Promise<unknown>
  /** Who the grant cookie names; app.access.grants unless given. */
  grants?: GrantReader
  /** Prefix for the rate-limit counters (tests sharing one Redis); app.access's seam unless given. */
  rateLimitPrefix?: string
}

const NOT_FOUND = () => new HttpError(404, 'not_found', 'No such document.')

export async function documentBeaconRoutes(app: FastifyInstance, options: DocumentBeaconOptions) {
  const grants = options.grants ?? app.access.grants
  const prefix = `${options.rateLimitPrefix ?? app.access.options.rateLimitPrefix ?? ''}document-beacon:`
  // lru-cache's fetch shares one lookup among the requests that miss at once (a burst of beacons).
  const lookups = new LRUCache<string, { document: BeaconDocument | null }>({
    max: LOOKUP_CACHE_SIZE,
    ttl: LOOKUP_CACHE_MS,
    fetchMethod: async (id) => ({ document: (await options.documents.find(id)) ?? null }),
  })
  const find = async (id: string) => (await lookups.fetch(id))?.document ?? undefined

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
        rateLimit: {
          max: BEACON_RATE_LIMIT.max,
          timeWindow: BEACON_RATE_LIMIT.windowMs,
          keyGenerator: (request: FastifyRequest) => `${prefix}${normalizeIP(request.ip)}`,
        },
      },
    },
    async (request, reply) => {
      const parsed = beaconSchema.safeParse(request.body)
      if (!parsed.success) throw validationError(parsed.error)
      const beacon = parsed.data
      const viewers = await grants.grantsFor(request.headers.cookie)
      if (viewers.length === 0) throw NOT_FOUND()
      const document = await find(beacon.documentId)
      const viewer = document && viewerOf(document, viewers)
      if (!document || !viewer || beacon.version > document.version) throw NOT_FOUND()
      // The page's own token, for this document, version and viewer; and the viewer may read it now.
      const token = options.readViewToken(beacon.token)
      if (
        !token ||
        token.documentId !== document.id ||
        token.version !== beacon.version ||
        token.codeId !== viewer.codeId ||
        token.email !== viewer.email ||
        (await options.pendingAgreement(viewer))
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
