// A ceiling on concurrent code checks across the whole process (decision 016). Each argon2 check
// takes 19 MiB and a libuv thread for tens of milliseconds; without a ceiling, a flood from many
// addresses (each under its own per-client limit) would queue unbounded work on the thread pool,
// which file and DNS work share, and grow memory with every waiting request. With it, at most
// `concurrency` checks run at once and at most `maxWaiting` wait; the rest are answered "busy" at
// once. A legitimate holder arriving after a flood waits for nothing, and one arriving during it
// waits at most for the queue ahead.
import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'

/** libuv's pool has 4 threads by default: never take all of them, nor more than the cores. */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3))
export const HASH_MAX_WAITING = 128
/** What a refused client is told: the queue drains within a few seconds. */
export const BUSY_RETRY_SECONDS = 2

export interface HashCeiling {
  /** Runs `work` when a slot is free; null at once when too many are already waiting. */
  run<T>(work: () => Promise<T>): Promise<T> | null
  readonly running: number
  readonly waiting: number
}

export function createHashCeiling(options: { concurrency?: number; maxWaiting?: number } = {}): HashCeiling {
  const limit = pLimit(options.concurrency ?? HASH_CONCURRENCY)
  const maxWaiting = options.maxWaiting ?? HASH_MAX_WAITING
  return {
    run: (work) => (limit.pendingCount >= maxWaiting ? null : limit(work)),
    get running() {
      return limit.activeCount
    },
    get waiting() {
      return limit.pendingCount
    },
  }
}
