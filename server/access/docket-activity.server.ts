// Records each opening of a guarded page (/docket, /circlek/proposal) with the grant that opened
// it, for `rm5 codes activity`: counted in memory per viewer (code and, where the code requires
// one, e-mail), page and client, and written every few seconds as one row with a count
// (server/db/write-behind), so the page costs no query and a reload storm costs one row. When a
// code marked `rm5 codes notify` opens a page for the first time in a UTC day, the same write
// queues access.granted; the notification's dedupe key makes it once a day whichever replica saw
// the opening. The walmart gate (no code) does the same when NOTIFY_WALMART_OPENINGS is on.
//
// The client is kept in memory as the address the request came from and normalized and hashed
// (HMAC, as in access_attempts) only when the batch is written: once per batch key instead of
// once per request. Raw addresses never leave this process's memory.
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import { WriteBehind, type WriteBehindLog } from '../db/write-behind.server.ts'
import { clientHash } from '../http/client-hash.server.ts'
import type { Outbox } from '../notifications/outbox.server.ts'
import type { VerifiedGrant } from './grants.server.ts'

export const ACTIVITY_FLUSH_MS = 5_000
const ACTIVITY_MAX_ROWS = 1_000

export interface Opening {
  grant: VerifiedGrant
  page: string
  /** The client's address as the request gave it (request.ip); hashed before it is written. */
  ip: string
  at: Date
}

interface Counted extends VerifiedGrant {
  page: string
  ip: string
  count: number
  at: Date
  lastAt: Date
}

export class DocketActivity {
  private readonly batch: WriteBehind<Counted>

  constructor(
    private readonly prisma: PrismaClient,
    private readonly outbox: Outbox,
    log: WriteBehindLog,
    private readonly options: { notifyWalmart: boolean; ipKey: Buffer; flushMs?: number },
  ) {
    this.batch = new WriteBehind((openings) => this.write(openings), log, {
      flushMs: options.flushMs ?? ACTIVITY_FLUSH_MS,
      maxKeys: ACTIVITY_MAX_ROWS,
      what: 'docket openings',
    })
  }

  add({ grant, page, ip, at }: Opening): void {
    this.batch.put(
      `${grant.codeId ?? grant.retailer}\0${grant.email ?? ''}\0${page}\0${ip}`,
      () => ({ ...grant, page, ip, count: 1, at, lastAt: at }),
      (waiting) => {
        waiting.count += 1
        waiting.lastAt = at
      },
    )
  }

  flush(): Promise<void> {
    return this.batch.flush()
  }

  /** One row per viewer, page and hashed client: two spellings of one client become one row. */
  private rows(openings: Counted[]) {
    const hashes = new Map<string, string>()
    const rows = new Map<string, Prisma.DocketViewCreateManyInput & { count: number; lastAt: Date }>()
    for (const o of openings) {
      let ipHash = hashes.get(o.ip)
      if (ipHash === undefined) {
        ipHash = clientHash(this.options.ipKey, o.ip)
        hashes.set(o.ip, ipHash)
      }
      const key = `${o.codeId ?? o.retailer}\0${o.email ?? ''}\0${o.page}\0${ipHash}`
      const row = rows.get(key)
      if (row) {
        row.count += o.count
        if (o.at < (row.createdAt as Date)) row.createdAt = o.at
        if (o.lastAt > row.lastAt) row.lastAt = o.lastAt
        continue
      }
      rows.set(key, {
        retailer: o.retailer,
        codeId: o.codeId,
        email: o.email,
        page: o.page,
        ipHash,
        count: o.count,
        createdAt: o.at,
        lastAt: o.lastAt,
      })
    }
    return [...rows.values()]
  }

  private async write(openings: Counted[]): Promise<void> {
    const rows = this.rows(openings)
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
