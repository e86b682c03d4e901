// Prints the document-load run (document-load.ts) against its target: p99 of `/` while the
// viewers open the deck at most 3 times its p99 at rest (the median of the rounds' ratios, each
// read within its round), and no request over 1 s in any round.
import {
  DECK_PAGES,
  type DocumentLoad,
  type DocumentLoadRound,
  documentLoad,
  p99Ratio,
  VIEWERS_AT_ONCE,
} from './document-load.ts'
import { median } from './median.ts'
import type { Running } from './server.ts'
import { CONNECTIONS, THREADS } from './wrk.ts'

const P99_FACTOR = 3
const MAX_MS = 1000

function verdict(load: DocumentLoad): string {
  const ratio = median(load.rounds.map(p99Ratio))
  const slowest = Math.max(...load.rounds.map((r) => r.underLoad.max))
  const misses = [
    ...(ratio > P99_FACTOR ? [`p99 is ${ratio.toFixed(1)} × at rest (target ≤ ${P99_FACTOR} ×)`] : []),
    ...(slowest > MAX_MS ? [`a request took ${slowest} ms (target ≤ ${MAX_MS} ms)`] : []),
  ]
  return misses.length === 0
    ? `at target: p99 ${ratio.toFixed(1)} × at rest (median of the rounds), slowest ${slowest} ms`
    : `MISSED: ${misses.join('; ')}`
}

function rows(round: DocumentLoadRound, n: number) {
  const row = (name: string, r: DocumentLoadRound['atRest']) => ({
    round: n,
    '/': name,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'max ms': r.max,
    failed: r.failed,
  })
  return [
    row('at rest', round.atRest),
    {
      ...row(`${VIEWERS_AT_ONCE} viewers opening`, round.underLoad),
      'p99 ratio': `${p99Ratio(round).toFixed(1)} ×`,
      waves: `${round.waves} (${Math.round(round.covered * 100)} %)`,
    },
  ]
}

export async function printDocumentLoad(
  site: Running,
  options: Parameters<typeof documentLoad>[1],
): Promise<void> {
  const load = await documentLoad(site, options)
  console.log(
    `\n\`/\` (br) with wrk -t${THREADS} -c${CONNECTIONS}, ${options.seconds} s each, in ${options.rounds} round(s): at rest, then while waves of ${VIEWERS_AT_ONCE} viewers open a ${DECK_PAGES}-page PDF at once (each their own stamp); waves: how many ran during the loaded run (the share of it they covered)`,
  )
  console.table(load.rounds.flatMap((round, i) => rows(round, i + 1)))
  console.log(
    `one viewer's open (page + stamped file), every round: p50 ${load.openP50} ms, slowest ${load.openMax} ms; ${load.unavailable} answered "cannot be shown right now" (over the pool's time limit)`,
  )
  console.log(verdict(load))
}
