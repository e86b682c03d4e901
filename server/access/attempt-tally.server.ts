// Requests refused before any code check (over the per-client limit, or while the argon2 ceiling
// is full) are counted in memory per gate, client and outcome, and written as one row with a count
// every few seconds: a flood of refused requests costs a map update each, not a database write
// each (decision 016). The tally is written on close too, so a graceful shutdown loses nothing.
import type { PrismaClient } from '../db/database.server.ts'
import { WriteBehind, type WriteBehindLog } from '../db/write-behind.server.ts'
import { type AttemptOutcome, attemptRow } from './attempts.server.ts'

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

export class AttemptTally {
  private readonly batch: WriteBehind<Pending>

  constructor(prisma: PrismaClient, log: WriteBehindLog, flushMs = TALLY_FLUSH_MS) {
    this.batch = new WriteBehind(
      (pending) => prisma.accessAttempt.createMany({ data: pending.map(attemptRow) }),
      log,
      { flushMs, maxKeys: TALLY_MAX_KEYS, what: 'refused access attempts' },
    )
  }

  add(attempt: Omit<Pending, 'count'>): void {
    this.batch.put(
      `${attempt.retailer}\0${attempt.ipHash}\0${attempt.outcome}`,
      () => ({ ...attempt, count: 1 }),
      (waiting) => {
        waiting.count += 1
      },
    )
  }

  /** Writes what is pending; resolves once everything added before the call is in the database. */
  flush(): Promise<void> {
    return this.batch.flush()
  }
}
