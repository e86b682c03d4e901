// Requests refused before any code check (over the per-client limit, or while the argon2 ceiling
// is full) are counted in memory per gate, client and outcome, and written as one row with a count
// every few seconds: a flood of refused requests costs a map update each, not a database write
// each (decision 016). The tally is written on close too, so a graceful shutdown loses nothing.
import type { PrismaClient } from '../db/database.server'
import { type AttemptOutcome, attemptRow } from './attempts.server'

export const TALLY_FLUSH_MS = 5_000
/** Written early when this many distinct clients are waiting, so memory stays bounded. */
export const TALLY_MAX_KEYS = 1_000

interface Pending {
  retailer: string
  ipHash: string
  outcome: AttemptOutcome
  count: number
  /** When the first of these attempts came in. */
  at: Date
}

export interface TallyLog {
  error(obj: object, msg: string): void
}

export class AttemptTally {
  private pending = new Map<string, Pending>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly prisma: PrismaClient,
    private readonly log: TallyLog,
    private readonly flushMs = TALLY_FLUSH_MS,
  ) {}

  add(attempt: Omit<Pending, 'count'>): void {
    const key = `${attempt.retailer}\0${attempt.ipHash}\0${attempt.outcome}`
    const known = this.pending.get(key)
    if (known) known.count += 1
    else this.pending.set(key, { ...attempt, count: 1 })
    if (this.pending.size >= TALLY_MAX_KEYS) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref()
  }

  /** Writes what is pending; resolves once everything added before the call is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const rows = [...this.pending.values()].map(attemptRow)
    this.pending.clear()
    if (rows.length === 0) return this.writing
    this.writing = this.writing
      .then(() => this.prisma.accessAttempt.createMany({ data: rows }))
      .then(
        () => {},
        (err) => this.log.error({ err, rows: rows.length }, 'could not record refused access attempts'),
      )
    return this.writing
  }
}
