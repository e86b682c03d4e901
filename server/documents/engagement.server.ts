// Engagement with documents (decision 031): openings and reading time per viewer, document
// version and page, counted in memory and written every few seconds as one row per key
// (server/db/write-behind, as the docket's openings), so an opening or a beacon costs no query
// and a storm of beacons costs one row. Reports sum the rows (engagement-report.server.ts).
// A viewer's first opening of a document added with --notify queues document.opened in the same
// transaction; its dedupe key keeps it once whichever replica saw the opening.
import type { PartnerSlug } from '../../lib/partners.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import { WriteBehind, type WriteBehindLog } from '../db/write-behind.server.ts'
import type { Outbox } from '../notifications/outbox.server.ts'

export const ENGAGEMENT_FLUSH_MS = 5_000
const ENGAGEMENT_MAX_ROWS = 1_000
/** A beacon reports the time since the last one; more than this is a tab left open, not reading. */
export const MAX_SECONDS_PER_REPORT = 600
/** Pages beyond this are not a real document's (a forged beacon). */
export const MAX_PAGE = 10_000

export interface DocumentViewer {
  documentId: string
  version: number
  retailer: PartnerSlug
  codeId: string | null
  email: string | null
  ipHash: string
}

interface Row extends DocumentViewer {
  page: number
  opens: number
  seconds: number
  downloads: number
  firstAt: Date
  lastAt: Date
}

export class DocumentEngagement {
  private readonly batch: WriteBehind<Row>

  constructor(
    private readonly prisma: PrismaClient,
    private readonly outbox: Outbox | undefined,
    log: WriteBehindLog,
    options: { flushMs?: number } = {},
  ) {
    this.batch = new WriteBehind((rows) => this.write(rows), log, {
      flushMs: options.flushMs ?? ENGAGEMENT_FLUSH_MS,
      maxKeys: ENGAGEMENT_MAX_ROWS,
      what: 'document views',
    })
  }

  /** The document was opened (page 0 stands for the document as a whole). */
  opened(viewer: DocumentViewer, at = new Date()): void {
    this.add(viewer, 0, 1, 0, at)
  }

  /**
   * `seconds` spent on `page` (0: the whole document, e.g. a Markdown page; n: PDF page n), and
   * whether the page was just shown. Out-of-range values are clamped, never trusted. One view is
   * one opening, counted by `opened` alone: page 0 being shown is not another (decision 034).
   */
  read(viewer: DocumentViewer, page: number, seconds: number, shown: boolean, at = new Date()): void {
    if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) return
    const spent = Number.isFinite(seconds)
      ? Math.min(MAX_SECONDS_PER_REPORT, Math.max(0, Math.round(seconds)))
      : 0
    const shows = shown && page > 0 ? 1 : 0
    if (spent === 0 && shows === 0) return
    this.add(viewer, page, shows, spent, at)
  }

  /** The viewer downloaded the file (its own event: page 0's downloads). */
  downloaded(viewer: DocumentViewer, at = new Date()): void {
    this.add(viewer, 0, 0, 0, at, 1)
  }

  flush(): Promise<void> {
    return this.batch.flush()
  }

  private async write(rows: Row[]): Promise<void> {
    const outbox = this.outbox
    if (!outbox?.enabled) {
      await this.prisma.documentView.createMany({ data: rows })
      return
    }
    await this.prisma.$transaction(async (tx) => {
      await this.announceFirstOpenings(tx, outbox, rows)
      await tx.documentView.createMany({ data: rows })
    })
    outbox.wake()
  }

  /** document.opened for each viewer opening a --notify document for the first time. */
  private async announceFirstOpenings(
    tx: Prisma.TransactionClient,
    outbox: Outbox,
    rows: Row[],
  ): Promise<void> {
    const openings = rows.filter((row) => row.page === 0 && row.opens > 0)
    if (openings.length === 0) return
    const notifying = new Set(
      (
        await tx.document.findMany({
          where: { id: { in: [...new Set(openings.map((row) => row.documentId))] }, notify: true },
          select: { id: true },
        })
      ).map((doc) => doc.id),
    )
    for (const row of openings) {
      if (!notifying.has(row.documentId)) continue
      const seenBefore = await tx.documentView.findFirst({
        where: {
          documentId: row.documentId,
          codeId: row.codeId,
          email: row.email,
          page: 0,
          opens: { gt: 0 },
        },
        select: { id: true },
      })
      if (seenBefore) continue
      await outbox.enqueue(
        tx,
        {
          event: 'document.opened',
          retailer: row.retailer,
          documentId: row.documentId,
          version: row.version,
          codeId: row.codeId,
          email: row.email,
          at: row.firstAt.toISOString(),
        },
        `document.opened:${row.documentId}:${row.codeId ?? row.retailer}:${row.email ?? ''}`,
      )
    }
  }

  private add(
    viewer: DocumentViewer,
    page: number,
    opens: number,
    seconds: number,
    at: Date,
    downloads = 0,
  ): void {
    const key = [viewer.documentId, viewer.version, viewer.codeId, viewer.email, viewer.ipHash, page].join(
      '\0',
    )
    this.batch.put(
      key,
      () => ({ ...viewer, page, opens, seconds, downloads, firstAt: at, lastAt: at }),
      (waiting) => {
        waiting.opens += opens
        waiting.seconds += seconds
        waiting.downloads += downloads
        waiting.lastAt = at
      },
    )
  }
}
