// A ceiling on concurrent code checks across the whole process (decision 016). Each argon2 check
// takes 19 MiB and a libuv thread for tens of milliseconds; without a ceiling, a flood from many
// addresses (each under its own per-client limit) would queue unbounded work on the thread pool,
// which file and DNS work share, and grow memory with every waiting request. With it, at most
// `concurrency` checks run at once and at most `maxWaiting` wait; the rest are answered "busy" at
// once. A legitimate holder arriving after a flood waits for nothing, and one arriving during it
// waits at most for the queue ahead, and never longer than `maxWaitMs`: on a machine starved of
// CPU a check can take seconds, and a full queue would otherwise hold its last client past the
// socket's idle timeout, which cuts the connection with no answer at all.
import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'

/** libuv's pool has 4 threads by default: never take all of them, nor more than the cores. */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3))
export const HASH_MAX_WAITING = 128
/** Well under the socket's idle timeout (server/http/transport.server.ts): "busy" comes first. */
export const HASH_MAX_WAIT_MS = 20_000
/** What a refused client is told: the queue drains within a few seconds. */
export const BUSY_RETRY_SECONDS = 2

/** A check that waited `maxWaitMs` for a slot: it never runs, and its client is told "busy". */
export class CheckWaitedTooLong extends Error {
  constructor(waitedMs: number) {
    super(`a code check waited ${waitedMs} ms for a slot`)
  }
}

export interface HashCeiling {
  /**
   * Runs `work` when a slot is free; null at once when too many are already waiting. Rejects with
   * CheckWaitedTooLong, without running `work`, when no slot was free within `maxWaitMs`.
   */
  run<T>(work: () => Promise<T>): Promise<T> | null
  readonly running: number
  readonly waiting: number
}

export function createHashCeiling(
  options: { concurrency?: number; maxWaiting?: number; maxWaitMs?: number } = {},
): HashCeiling {
  const limit = pLimit(options.concurrency ?? HASH_CONCURRENCY)
  const maxWaiting = options.maxWaiting ?? HASH_MAX_WAITING
  const maxWaitMs = options.maxWaitMs ?? HASH_MAX_WAIT_MS
  return {
    run: (work) => {
      if (limit.pendingCount >= maxWaiting) return null
      return new Promise((resolve, reject) => {
        let gaveUp = false
        const timer = setTimeout(() => {
          gaveUp = true
          reject(new CheckWaitedTooLong(maxWaitMs))
        }, maxWaitMs)
        // Its slot comes after it gave up: the slot passes at once to the next in line.
        limit(async () => {
          if (gaveUp) return
          clearTimeout(timer)
          await work().then(resolve, reject)
        })
      })
    },
    get running() {
      return limit.activeCount
    },
    get waiting() {
      return limit.pendingCount
    },
  }
}
