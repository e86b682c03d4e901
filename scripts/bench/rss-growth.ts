// Whether a server's memory grows under a long load (`npm run bench -- --soak`), read from its RSS
// sampled through the load.
import { median } from './median.ts'

export interface RssSample {
  /** Seconds since the load began. */
  at: number
  rss: number
}

/**
 * The load's first minutes, left out: code is compiled, caches fill and V8 sizes its heap for the
 * renders over the first few turns of the load (each turn takes about a minute).
 */
export const WARM_UP_SECONDS = 180

/**
 * How much the server's RSS grew over a long load: after the warm-up, the median of the second
 * half of the samples less the median of the first half. A server that keeps what it should let
 * go shows it here; one that only breathes with the load stays near zero, whatever its peak.
 * Undefined when the load was too short to have two halves of a minute each after the warm-up.
 */
export function growthMb(samples: readonly RssSample[]): number | undefined {
  const steady = samples.filter((s) => s.at >= WARM_UP_SECONDS)
  const first = steady[0]?.at
  const last = steady.at(-1)?.at
  if (first === undefined || last === undefined || last - first < 120) return undefined
  const middle = (first + last) / 2
  const before = steady.filter((s) => s.at < middle).map((s) => s.rss)
  const after = steady.filter((s) => s.at >= middle).map((s) => s.rss)
  return Math.round(median(after) - median(before))
}
