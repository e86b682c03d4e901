// autocannon runs in turns: contenders alternate in short rounds, because on a shared 2-core
// machine the speed available drifts within seconds, and one long run each side moved a page's
// ratio by tens of points from one bench to the next.
import autocannon from 'autocannon'
import { median } from './median'

export const CONNECTIONS = 50

export function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, ...options })
}

export interface Contender {
  route: string
  target: 'nginx' | 'server'
  /** What the requests accept: 'identity' sends no Accept-Encoding. */
  encoding: string
  options: autocannon.Options
}

export interface Measured extends Contender {
  rps: number
  p50: number
  p99: number
  non2xx: number
  /** Every round's req/s, in order, so ratios pair rounds run side by side. */
  rounds: number[]
}

export interface Turns {
  warmup: number
  rounds: number
  duration: number
}

/** A warm-up each, then `rounds` turns of `duration` s each; each figure is its rounds' median. */
export async function takeTurns(contenders: readonly Contender[], turns: Turns): Promise<Measured[]> {
  for (const contender of contenders) await cannon({ ...contender.options, duration: turns.warmup })
  const runs = contenders.map(() => [] as autocannon.Result[])
  for (let round = 0; round < turns.rounds; round++)
    for (const [i, contender] of contenders.entries())
      runs[i]?.push(await cannon({ ...contender.options, duration: turns.duration }))
  return contenders.map((contender, i) => {
    const results = runs[i] ?? []
    return {
      ...contender,
      rps: Math.round(median(results.map((r) => r.requests.average))),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
      rounds: results.map((r) => r.requests.average),
    }
  })
}

/** The median of the per-round ratios, with their range: "84% (78-90)". */
export function ratioOf(server: readonly number[], reference: readonly number[]): string {
  const ratios = server.map((rps, i) => Math.round((rps / (reference[i] ?? Number.NaN)) * 100))
  return `${Math.round(median(ratios))}% (${Math.min(...ratios)}-${Math.max(...ratios)})`
}
