// Records each opening of a guarded page (/docket, /circlek/proposal) with the grant that opened
// it, for `rm5 codes activity`: counted in memory per code, page and client and written every few
// seconds as one row with a count (server/db/write-behind), so the page costs no query and a
// reload storm costs one row. When a code marked `rm5 codes notify` opens a page for the first
// time in a UTC day, the same write queues access.granted; the notification's dedupe key makes it
// once a day whichever replica saw the opening. The walmart gate (no code) does the same when
// NOTIFY_WALMART_OPENINGS is on.
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import { WriteBehind, type WriteBehindLog } from '../db/write-behind.server.ts'
import type { Outbox } from '../notifications/outbox.server.ts'
import type { VerifiedGrant } from './grants.server.ts'

export const ACTIVITY_FLUSH_MS = 5_000
const ACTIVITY_MAX_ROWS = 1_000

export interface Opening extends VerifiedGrant {
  page: string
  ipHash: string
  at: Date
}

interface Counted extends Opening {
  count: number
  lastAt: Date
}

export class DocketActivity {
  private readonly batch: WriteBehind<Counted>

  constructor(
    private readonly prisma: PrismaClient,
    private readonly outbox: Outbox,
    log: WriteBehindLog,
    private readonly options: { notifyWalmart: boolean; flushMs?: number },
  ) {
    this.batch = new WriteBehind((openings) => this.write(openings), log, {
      flushMs: options.flushMs ?? ACTIVITY_FLUSH_MS,
      maxKeys: ACTIVITY_MAX_ROWS,
      what: 'docket openings',
    })
  }

  add(opening: Opening): void {
    this.batch.put(
      `${opening.codeId ?? opening.retailer}\0${opening.page}\0${opening.ipHash}`,
      () => ({ ...opening, count: 1, lastAt: opening.at }),
      (waiting) => {
        waiting.count += 1
        waiting.lastAt = opening.at
      },
    )
  }

  flush(): Promise<void> {
    return this.batch.flush()
  }

  private async write(openings: Counted[]): Promise<void> {
    const rows = openings.map((o) => ({
      retailer: o.retailer,
      codeId: o.codeId,
      page: o.page,
      ipHash: o.ipHash,
      count: o.count,
      createdAt: o.at,
      lastAt: o.lastAt,
    }))
    if (!this.outbox.enabled) {
      await this.prisma.docketView.createMany({ data: rows })
      return
    }
    await this.prisma.$transaction(async (tx) => {
      await tx.docketView.createMany({ data: rows })
      await this.announce(tx, openings)
    })
    this.outbox.wake()
  }

  /** Queues access.granted for the first opening of the day by each code that asks for it. */
  private async announce(tx: Prisma.TransactionClient, openings: Counted[]): Promise<void> {
    const codeIds = [...new Set(openings.flatMap((o) => (o.codeId ? [o.codeId] : [])))]
    const notifying = new Map(
      (
        await tx.accessCode.findMany({
          where: { id: { in: codeIds }, notify: true },
          select: { id: true, label: true },
        })
      ).map((code) => [code.id, code.label]),
    )
    for (const opening of openings) {
      const wanted = opening.codeId ? notifying.has(opening.codeId) : this.options.notifyWalmart
      if (!wanted) continue
      const day = opening.at.toISOString().slice(0, 10)
      await this.outbox.enqueue(
        tx,
        {
          event: 'access.granted',
          retailer: opening.retailer,
          codeId: opening.codeId,
          label: opening.codeId ? (notifying.get(opening.codeId) ?? null) : null,
          page: opening.page,
          at: opening.at.toISOString(),
        },
        `access.granted:${opening.codeId ?? opening.retailer}:${day}`,
      )
    }
  }
}
