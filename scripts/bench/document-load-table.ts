// Prints the document-load run (document-load.ts) against its target: p99 of `/` while the
// viewers open the deck at most 3 times its p99 at rest, and no request over 1 s.
import { DECK_PAGES, type DocumentLoad, documentLoad, VIEWERS_AT_ONCE } from './document-load.ts'
import type { Running } from './server.ts'
import { CONNECTIONS, THREADS } from './wrk.ts'

const P99_FACTOR = 3
const MAX_MS = 1000

function verdict(load: DocumentLoad): string {
  const ratio = load.underLoad.p99 / load.atRest.p99
  const misses = [
    ...(ratio > P99_FACTOR ? [`p99 is ${ratio.toFixed(1)} × at rest (target ≤ ${P99_FACTOR} ×)`] : []),
    ...(load.underLoad.max > MAX_MS
      ? [`a request took ${load.underLoad.max} ms (target ≤ ${MAX_MS} ms)`]
      : []),
  ]
  return misses.length === 0
    ? `at target: p99 ${ratio.toFixed(1)} × at rest, slowest ${load.underLoad.max} ms`
    : `MISSED: ${misses.join('; ')}`
}

export async function printDocumentLoad(
  site: Running,
  options: Parameters<typeof documentLoad>[1],
): Promise<void> {
  const load = await documentLoad(site, options)
  console.log(
    `\n\`/\` (br) with wrk -t${THREADS} -c${CONNECTIONS}, ${options.seconds} s each: at rest, then while waves of ${VIEWERS_AT_ONCE} viewers open a ${DECK_PAGES}-page PDF at once (each their own stamp)`,
  )
  const row = (name: string, r: DocumentLoad['atRest']) => ({
    '/': name,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'max ms': r.max,
    failed: r.failed,
  })
  console.table([row('at rest', load.atRest), row(`${VIEWERS_AT_ONCE} viewers opening`, load.underLoad)])
  console.log(
    `${load.waves} wave(s) of ${VIEWERS_AT_ONCE} during the loaded run (covering ${Math.round(load.covered * 100)} % of it); one viewer's open (page + stamped file): p50 ${load.openP50} ms, slowest ${load.openMax} ms; ${load.unavailable} answered "cannot be shown right now" (over the pool's time limit)`,
  )
  console.log(verdict(load))
}
