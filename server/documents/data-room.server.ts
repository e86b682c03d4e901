// The data room as the site serves it (decision 031): one service, `app.documents`, that the
// pages (through their page context), the file route, the agreement route and the beacon route
// share. It holds the store, the one DocumentEngagement of the process (flushed on close) and
// what each view needs: the viewer's document, the agreement they still have to accept, the
// rendered Markdown and the stamped PDF.
import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { AccessViewer } from '../../lib/access.ts'
import { readingMinutes } from '../../lib/documents/extent.ts'
import { viewerIdentity, viewerMark } from '../../lib/documents/viewer-identity.ts'
import { type DocketDocument, SHARED_OPENLY, viewerOf } from '../../lib/documents.ts'
import type { Database } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import { clientHash } from '../http/client-hash.server.ts'
import { type Storage, withTimeout } from '../storage/storage.server.ts'
import { isStorageUnreachable, storageErrorLine } from '../storage/unreachable.server.ts'
import { hasAccepted } from './acceptances.server.ts'
import { type AgreementRow, currentAgreement } from './agreements.server.ts'
import { type Viewers, viewersOf } from './audience.server.ts'
import { DocumentStore, type DocumentSummary } from './document-store.server.ts'
import { DocumentEngagement } from './engagement.server.ts'
import { closeDocumentJobs, configureDocumentJobs, DocumentJobFailed } from './jobs/document-jobs.server.ts'
import { documentLimits } from './limits.server.ts'
import type { PageShape } from './page-images/page-image-size.server.ts'
import { createPageImages, type PageImage, type PageImages } from './page-images/page-images.server.ts'
import { ReadingClocks, type ReadingViewer } from './reading-clocks.server.ts'
import {
  createStampedPdfs,
  type OpenStamp,
  type StampedPdfs,
  type StampRequest,
} from './stamped-pdfs.server.ts'
import { DocumentUnavailable } from './unavailable.server.ts'
import { readViewToken, signViewToken, type ViewToken, viewTokenKey } from './view-token.server.ts'

/** A document a viewer may open, with the grant that opens it. */
export interface ViewedDocument {
  document: DocumentSummary
  viewer: AccessViewer
}

/** Budget for storage to start sending a document; past it the viewer is told to come back. */
const READ_TIMEOUT_MS = 5000

/** Memory for rendered Markdown kept per stored version (content-addressed, so never stale). */
const MARKDOWN_CACHE_BYTES = 8 * 1024 * 1024

export interface DataRoomOptions {
  now?: () => Date
  /** How long document views wait before they are written. */
  engagementFlushMs?: number
}

export class DataRoom {
  readonly store: DocumentStore
  /** Openings and reading time; the beacon route reports pages through it too. */
  readonly engagement: DocumentEngagement
  readonly now: () => Date
  readonly prisma: Database['prisma']
  private readonly stamps: StampedPdfs
  private readonly pageImages: PageImages
  private readonly markdown = new LRUCache<string, string>({
    maxSize: MARKDOWN_CACHE_BYTES,
    sizeCalculation: (html) => Math.max(1, html.length * 2),
  })

  constructor(
    private readonly app: FastifyInstance,
    db: Database,
    storage: Storage,
    env: Env,
    options: DataRoomOptions = {},
  ) {
    this.now = options.now ?? (() => new Date())
    this.prisma = db.prisma
    const limits = documentLimits(env)
    this.store = new DocumentStore(db.prisma, storage, { ...limits, region: env.S3_REGION })
    this.engagement = new DocumentEngagement(db.prisma, app.outbox, app.log, {
      flushMs: options.engagementFlushMs,
    })
    this.stamps = createStampedPdfs()
    this.pageImages = createPageImages(this.stamps, { maxPages: limits.maxPages })
  }

  /** The documents the request's grants see (their partners', their codes'), newest first. */
  async listFor(viewers: Viewers): Promise<DocketDocument[]> {
    return (await this.store.listFor(viewers)).map((doc) =>
      docketDocument(doc, this.app.partners.nameOf(doc.retailer)),
    )
  }

  /**
   * The document if one of the viewer's grants is its retailer's; undefined for a missing,
   * removed or malformed id and for another retailer's document alike (one answer for all).
   */
  async open(id: unknown, viewers: readonly AccessViewer[] | undefined): Promise<ViewedDocument | undefined> {
    if (typeof id !== 'string' || !viewers?.length) return undefined
    const document = await this.store.findFor(id, viewersOf(viewers))
    const viewer = document && viewerOf(document, viewers)
    return document && viewer ? { document, viewer } : undefined
  }

  /** The retailer's agreement when this viewer has not accepted its current version yet. */
  async pendingAgreement(viewer: AccessViewer): Promise<AgreementRow | undefined> {
    const agreement = await currentAgreement(this.prisma, viewer.retailer)
    if (!agreement) return undefined
    return (await hasAccepted(this.prisma, agreement.id, viewer)) ? undefined : agreement
  }

  /** A Markdown document's HTML, rendered when its version was stored; kept in memory too. */
  async markdownOf(document: DocumentSummary): Promise<string> {
    const kept = this.markdown.get(document.objectKey)
    if (kept !== undefined) return kept
    const html = await this.limited(document, () => this.store.html(document))
    this.markdown.set(document.objectKey, html)
    return html
  }

  /**
   * A job of the worker pool for this document; one over its limits, or one that cannot read the
   * document from storage, becomes DocumentUnavailable (the viewer gets a 503 and comes back).
   */
  private async limited<T>(document: DocumentSummary, job: () => Promise<T>): Promise<T> {
    try {
      return await job()
    } catch (error) {
      if (isStorageUnreachable(error)) {
        this.app.log.warn(
          { documentId: document.id, error: storageErrorLine(error) },
          `document ${document.id} cannot be shown: storage is unreachable`,
        )
        throw new DocumentUnavailable(document.id)
      }
      if (!(error instanceof DocumentJobFailed)) throw error
      this.app.log.warn(
        { documentId: document.id, version: document.version, limit: error.limit, detail: error.detail },
        `document ${document.id} cannot be shown: its job went over the ${error.detail}`,
      )
      throw new DocumentUnavailable(document.id)
    }
  }

  /**
   * The watermark's line for this view today: who (or, for a document shared openly, that it is),
   * which retailer, which day.
   */
  watermarkFor({ document, viewer }: ViewedDocument) {
    return {
      viewer: document.public ? SHARED_OPENLY : viewerMark(viewerIdentity(viewer)),
      retailer: viewer.partnerName,
      date: this.now(),
    }
  }

  /** Makes the PDF stamped for this viewer, or finds it kept (a few minutes per version, viewer and day). */
  prepareStampedPdf(viewed: ViewedDocument): Promise<void> {
    return this.limited(viewed.document, () => this.stamps.prepare(this.stampRequest(viewed)))
  }

  /** The PDF stamped for this viewer, open for one response (the caller closes it). */
  openStampedPdf(viewed: ViewedDocument): Promise<OpenStamp> {
    return this.limited(viewed.document, () => this.stamps.open(this.stampRequest(viewed)))
  }

  /** A view-only document's page shapes for this viewer's copy (made from the stamp, kept per version). */
  pageShapes(viewed: ViewedDocument): Promise<PageShape[]> {
    return this.limited(viewed.document, () => this.pageImages.shapes(this.stampRequest(viewed)))
  }

  /** A view-only document's page as a picture, watermarked for this viewer (kept like the stamps). */
  pageImage(viewed: ViewedDocument, page: number): Promise<PageImage> {
    return this.limited(viewed.document, () => this.pageImages.page(this.stampRequest(viewed), page))
  }

  /** Deletes the stamped PDFs and originals kept on disk, and the kept page pictures (the app's close). */
  closeStamps(): Promise<void> {
    this.pageImages.clear()
    return this.stamps.close()
  }

  private stampRequest({ document, viewer }: ViewedDocument): StampRequest {
    return {
      objectKey: document.objectKey,
      text: this.watermarkFor({ document, viewer }),
      read: () => readWithin(this.store.read(document), READ_TIMEOUT_MS),
    }
  }

  /** The signed token of this view, carried by the page and sent back by its reading beacons. */
  viewToken({ document, viewer }: ViewedDocument, servedAt = this.now()): string {
    return signViewToken(this.viewKey(), {
      documentId: document.id,
      version: document.version,
      codeId: viewer.codeId,
      email: viewer.email,
      servedAt: servedAt.getTime(),
    })
  }

  /** A view token this server signed, not expired; undefined otherwise. */
  readViewToken(value: string): ViewToken | undefined {
    return readViewToken(this.viewKey(), value, this.now().getTime())
  }

  private viewKey(): Buffer {
    this.viewTokenKey ??= viewTokenKey(this.app.access.keys.ip)
    return this.viewTokenKey
  }

  private viewTokenKey: Buffer | undefined

  /** The seconds of a beacon's report that count for this viewer and document (reading-clocks). */
  readingTime(documentId: string, viewer: ReadingViewer, token: ViewToken, seconds: number): Promise<number> {
    this.readingClocks ??= new ReadingClocks(this.prisma, this.app.access.keys.ip)
    return this.readingClocks.take(documentId, viewer, new Date(token.servedAt), seconds, this.now())
  }

  private readingClocks: ReadingClocks | undefined

  /** Keyed hash of a client address, as every other record of the site keeps it. */
  clientHash(ip: string): string {
    return clientHash(this.app.access.keys.ip, ip)
  }

  /** Records that the viewer opened the document: one view, one opening (written in batches). */
  opened(viewed: ViewedDocument, ipHash: string): void {
    this.engagement.opened(documentViewer(viewed, ipHash), this.now())
  }

  /** Records that the viewer downloaded the file (its own event). */
  downloaded(viewed: ViewedDocument, ipHash: string): void {
    this.engagement.downloaded(documentViewer(viewed, ipHash), this.now())
  }
}

/** A document as the docket lists it (and a document's page starts from). */
export const docketDocument = (doc: DocumentSummary, retailerName: string): DocketDocument => ({
  id: doc.id,
  retailer: doc.retailer,
  retailerName,
  title: doc.title,
  kind: doc.kind,
  updatedAt: doc.updatedAt,
  pages: doc.kind === 'pdf' ? doc.pages : null,
  readingMinutes: doc.kind === 'markdown' ? readingMinutes(doc.words ?? 0) : null,
  public: doc.public,
})

/** Who views what, from where: the key of an engagement row. */
const documentViewer = ({ document, viewer }: ViewedDocument, ipHash: string) => ({
  documentId: document.id,
  version: document.version,
  retailer: viewer.retailer,
  codeId: viewer.codeId,
  email: viewer.email,
  ipHash,
})

/** Builds the data room service, decorates the app with it (`app.documents`) and flushes it on close. */
export function registerDocuments(
  app: FastifyInstance,
  deps: { env: Env; db: Database; storage: Storage; options?: DataRoomOptions },
): DataRoom {
  configureDocumentJobs(deps.env, { yieldToRequests: true })
  const room = new DataRoom(app, deps.db, deps.storage, deps.env, deps.options)
  app.decorate('documents', room)
  app.addHook('onClose', async () => {
    await room.engagement.flush()
    await closeDocumentJobs()
    await room.closeStamps()
  })
  return room
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The data room: documents, engagement (beacons report through `engagement`), agreements. */
    documents: DataRoom
  }
}

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The data room, for the pages that list or show documents (a service, never request data). */
      documents?: DataRoom
      /** The client's address, for per-request renders only (document views are recorded per client). */
      clientIp?: string
    }
  }
}

/** The stream `reading` gives, if storage starts sending within `ms`; a stream that comes later is dropped. */
function readWithin(reading: Promise<Readable>, ms: number): Promise<Readable> {
  return withTimeout(reading, ms, 'reading a document').catch((error: unknown) => {
    reading.then(
      (late) => late.destroy(),
      () => {},
    )
    throw error
  })
}
