// The notifications outbox (docs/decisions/019-notifications-outbox.md). A notification is a row
// written in the same transaction as what it announces, so it exists exactly when the record
// does; every running server then delivers due rows. A row is claimed with FOR UPDATE SKIP LOCKED
// and a lease (locked_until), so one delivery per notification is in flight across replicas. A
// failed delivery is retried with exponential backoff until its give-up time (NOTIFY_GIVE_UP_HOURS
// after it was written); then it is marked failed (`rm5 notifications list --failed`, `retry`).
import type { Prisma, PrismaClient } from '../db/database.server.ts'
import type { Channel, ChannelName } from './channels.server.ts'
import type { NotificationPayload } from './events.server.ts'
import { messageFor } from './messages.server.ts'

export interface OutboxOptions {
  now?: () => Date
  /** Delay before the first retry; doubled on each later one, up to maxRetryMs. */
  retryMs?: number
  maxRetryMs?: number
  giveUpMs: number
  /** How often a server looks for due rows when nothing woke it earlier. */
  pollMs?: number
  /** How long a claim keeps other servers off a row: far longer than a delivery may take. */
  leaseMs?: number
}

export interface OutboxLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

interface Claimed {
  id: string
  event: string
  channel: string
  payload: NotificationPayload
  createdAt: Date
  giveUpAt: Date
  attempts: number
}

const BATCH = 20

export class Outbox {
  readonly channels: ReadonlyMap<ChannelName, Channel>
  private readonly now: () => Date
  private readonly retryMs: number
  private readonly maxRetryMs: number
  private readonly pollMs: number
  private readonly leaseMs: number
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private wanted = false
  private stopped = true

  constructor(
    private readonly prisma: PrismaClient,
    channels: Channel[],
    private readonly log: OutboxLog,
    private readonly options: OutboxOptions,
  ) {
    this.channels = new Map(channels.map((channel) => [channel.name, channel]))
    this.now = options.now ?? (() => new Date())
    this.retryMs = options.retryMs ?? 10_000
    this.maxRetryMs = options.maxRetryMs ?? 15 * 60_000
    this.pollMs = options.pollMs ?? 5_000
    this.leaseMs = options.leaseMs ?? 5 * 60_000
  }

  get enabled(): boolean {
    return this.channels.size > 0
  }

  /**
   * Queues `payload` on every configured channel inside the caller's transaction. A `dedupeKey`
   * makes it once only: a second call with the same key (from any server) queues nothing.
   */
  async enqueue(
    tx: Prisma.TransactionClient,
    payload: NotificationPayload,
    dedupeKey?: string,
  ): Promise<void> {
    if (!this.enabled) return
    await tx.notification.createMany({
      data: [...this.channels.keys()].map((channel) => ({
        event: payload.event,
        channel,
        payload: payload as unknown as Prisma.InputJsonValue,
        dedupeKey: dedupeKey ? `${dedupeKey}:${channel}` : undefined,
        giveUpAt: new Date(this.now().getTime() + this.options.giveUpMs),
      })),
      skipDuplicates: true,
    })
  }

  /**
   * Creates a record and its notification in one transaction (just the record when no channel is
   * configured), then wakes the delivery loop without waiting for it.
   */
  async createWith<Row>(
    create: (tx: Prisma.TransactionClient) => Promise<Row>,
    payloadOf: (row: Row) => NotificationPayload,
  ): Promise<Row> {
    if (!this.enabled) return create(this.prisma)
    const row = await this.prisma.$transaction(async (tx) => {
      const created = await create(tx)
      await this.enqueue(tx, payloadOf(created))
      return created
    })
    this.wake()
    return row
  }

  start(): void {
    if (!this.enabled || !this.stopped) return
    this.stopped = false
    this.wake()
  }

  /** Stops looking for work and waits for the round in progress (each delivery has a timeout). */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
    for (const channel of this.channels.values()) channel.close()
  }

  /** Runs a delivery round soon, on this server. */
  wake(): void {
    if (this.stopped) return
    this.wanted = true
    if (this.running) return
    clearTimeout(this.timer)
    this.running = this.loop().finally(() => {
      this.running = undefined
      if (!this.stopped) this.timer = setTimeout(() => this.wake(), this.pollMs).unref()
    })
  }

  private async loop(): Promise<void> {
    while (this.wanted && !this.stopped) {
      this.wanted = false
      try {
        // A full batch means more may be due: go again at once.
        if ((await this.deliverDue()) === BATCH) this.wanted = true
      } catch (err) {
        this.log.warn({ err }, 'notification delivery round failed; trying again later')
      }
    }
  }

  /** One round: claims due rows and delivers them. Resolves to how many were claimed. */
  async deliverDue(): Promise<number> {
    const now = this.now()
    const leaseUntil = new Date(now.getTime() + this.leaseMs)
    const claimed = await this.prisma.$queryRaw<Claimed[]>`
      UPDATE notifications SET locked_until = ${leaseUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM notifications
        WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
          AND (locked_until IS NULL OR locked_until <= ${now})
        ORDER BY next_attempt_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, event, channel, payload, created_at AS "createdAt", give_up_at AS "giveUpAt", attempts`
    await Promise.all(claimed.map((row) => this.deliver(row)))
    return claimed.length
  }

  private async deliver(row: Claimed): Promise<void> {
    const channel = this.channels.get(row.channel as ChannelName)
    try {
      if (!channel) throw new GiveUp(`the ${row.channel} channel is not configured on this server`)
      const message = await messageFor(this.prisma, row.payload)
      if (!message) throw new GiveUp('its record was deleted before delivery')
      await channel.send({ id: row.id, event: row.payload.event, createdAt: row.createdAt, message })
      await this.prisma.notification.update({
        where: { id: row.id },
        data: { deliveredAt: this.now(), lockedUntil: null, lastError: null },
      })
    } catch (error) {
      await this.failed(row, error)
    }
  }

  private async failed(row: Claimed, error: unknown): Promise<void> {
    const now = this.now()
    const reason = describe(error)
    const giveUp = error instanceof GiveUp || now >= row.giveUpAt
    const backoff = Math.min(this.maxRetryMs, this.retryMs * 2 ** Math.max(0, row.attempts - 1))
    // Jitter spreads retries of many rows (and servers) so a receiver coming back is not flooded.
    const next = new Date(now.getTime() + backoff * (0.75 + Math.random() * 0.5))
    await this.prisma.notification
      .update({
        where: { id: row.id },
        data: {
          lockedUntil: null,
          lastError: reason,
          ...(giveUp ? { failedAt: now } : { nextAttemptAt: next }),
        },
      })
      .catch((err) => this.log.error({ err, id: row.id }, 'could not record a failed notification delivery'))
    const context = { id: row.id, event: row.event, channel: row.channel, attempts: row.attempts, reason }
    if (giveUp) this.log.error(context, 'notification given up')
    else this.log.warn(context, 'notification delivery failed; will retry')
  }

  /** For /metrics and the CLI: rows still to deliver, and rows given up. */
  async counts(): Promise<{ pending: number; failed: number }> {
    const [pending, failed] = await Promise.all([
      this.prisma.notification.count({ where: { deliveredAt: null, failedAt: null } }),
      this.prisma.notification.count({ where: { failedAt: { not: null } } }),
    ])
    return { pending, failed }
  }
}

/** A failure that retrying cannot fix. */
class GiveUp extends Error {}

/** The error as one short line for the row and the log: a receiver's reply, never a secret. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300)
  const cause = (error as { cause?: { code?: string } }).cause?.code
  const code = (error as { code?: string }).code
  return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}${cause ? ` (${cause})` : code ? ` (${code})` : ''}`.slice(
    0,
    300,
  )
}
