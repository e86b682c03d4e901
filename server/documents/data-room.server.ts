// The data room as the site serves it (decision 031): one service, `app.documents`, that the
// pages (through their page context), the file route, the agreement route and the beacon route
// share. It holds the store, the one DocumentEngagement of the process (flushed on close) and
// what each view needs: the viewer's document, the agreement they still have to accept, the
// rendered Markdown and the stamped PDF.
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { AccessViewer } from '../../lib/access.ts'
import { type DocketDocument, viewerName, viewerOf } from '../../lib/documents.ts'
import { hashIp } from '../access/attempts.server.ts'
import type { Database } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import type { Storage } from '../storage/storage.server.ts'
import { type AgreementRow, currentAgreement, hasAccepted } from './agreements.server.ts'
import { DocumentEngagement } from './engagement.server.ts'
import { type RenderedMarkdown, readingMinutes, renderMarkdown } from './markdown.server.ts'
import { createStampedPdfs, type StampedPdfs } from './stamped-pdfs.server.ts'
import { DocumentStore, type DocumentSummary } from './store.server.ts'

/** A document a viewer may open, with the grant that opens it. */
export interface ViewedDocument {
  document: DocumentSummary
  viewer: AccessViewer
}

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
  private readonly markdown = new LRUCache<string, RenderedMarkdown>({
    maxSize: MARKDOWN_CACHE_BYTES,
    sizeCalculation: (rendered) => Math.max(1, rendered.html.length * 2),
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
    this.store = new DocumentStore(db.prisma, storage, {
      maxBytes: env.DOCUMENT_MAX_BYTES,
      region: env.S3_REGION,
    })
    this.engagement = new DocumentEngagement(db.prisma, app.outbox, app.log, {
      flushMs: options.engagementFlushMs,
    })
    this.stamps = createStampedPdfs()
  }

  /** The documents of the retailers whose grants the request holds, newest first. */
  async listFor(retailers: readonly AccessViewer['retailer'][]): Promise<DocketDocument[]> {
    if (retailers.length === 0) return []
    const lists = await Promise.all([...new Set(retailers)].map((retailer) => this.store.list({ retailer })))
    return lists
      .flat()
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .map((doc) => ({
        id: doc.id,
        retailer: doc.retailer,
        retailerName: this.app.partners.nameOf(doc.retailer),
        title: doc.title,
        kind: doc.kind,
        updatedAt: doc.updatedAt,
        pages: doc.kind === 'pdf' ? doc.pages : null,
        readingMinutes: doc.kind === 'markdown' ? readingMinutes(doc.words ?? 0) : null,
      }))
  }

  /**
   * The document if one of the viewer's grants is its retailer's; undefined for a missing,
   * removed or malformed id and for another retailer's document alike (one answer for all).
   */
  async open(id: unknown, viewers: readonly AccessViewer[] | undefined): Promise<ViewedDocument | undefined> {
    if (typeof id !== 'string' || !viewers?.length) return undefined
    const document = await this.store.find(id)
    const viewer = document && viewerOf(document, viewers)
    return document && viewer ? { document, viewer } : undefined
  }

  /** The retailer's agreement when this viewer has not accepted its current version yet. */
  async pendingAgreement(viewer: AccessViewer): Promise<AgreementRow | undefined> {
    const agreement = await currentAgreement(this.prisma, viewer.retailer)
    if (!agreement) return undefined
    return (await hasAccepted(this.prisma, agreement.id, viewer)) ? undefined : agreement
  }

  /** A Markdown document's HTML (markdown-it, raw HTML off), kept per stored version. */
  async markdownOf(document: DocumentSummary): Promise<RenderedMarkdown> {
    const kept = this.markdown.get(document.objectKey)
    if (kept) return kept
    const rendered = renderMarkdown((await this.store.readBytes(document)).toString('utf8'))
    this.markdown.set(document.objectKey, rendered)
    return rendered
  }

  /** The watermark's line for this viewer today: who, which retailer, which day. */
  watermarkFor(viewer: AccessViewer) {
    return { viewer: viewerName(viewer), retailer: viewer.partnerName, date: this.now() }
  }

  /** The PDF stamped for this viewer (kept a few minutes per version, viewer and day). */
  stampedPdf({ document, viewer }: ViewedDocument): Promise<Buffer> {
    return this.stamps.stamped({
      objectKey: document.objectKey,
      text: this.watermarkFor(viewer),
      read: () => this.store.readBytes(document),
    })
  }

  /** Keyed hash of a client address, as every other record of the site keeps it. */
  clientHash(ip: string): string {
    return hashIp(this.app.access.keys.ip, normalizeIP(ip))
  }

  /** Records that the viewer opened the document (written in batches). */
  opened({ document, viewer }: ViewedDocument, ipHash: string): void {
    this.engagement.opened(
      {
        documentId: document.id,
        version: document.version,
        retailer: viewer.retailer,
        codeId: viewer.codeId,
        email: viewer.email,
        ipHash,
      },
      this.now(),
    )
  }
}

/** Builds the data room service, decorates the app with it (`app.documents`) and flushes it on close. */
export function registerDocuments(
  app: FastifyInstance,
  deps: { env: Env; db: Database; storage: Storage; options?: DataRoomOptions },
): DataRoom {
  const room = new DataRoom(app, deps.db, deps.storage, deps.env, deps.options)
  app.decorate('documents', room)
  app.addHook('onClose', () => room.engagement.flush())
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
