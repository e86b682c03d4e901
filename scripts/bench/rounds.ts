// A/B rounds: the site and its references alternate in short runs, because on a shared machine
// the speed available drifts within seconds; a ratio is taken within each round (side by side in
// time) and the table gives the median of the rounds' ratios.
import { median } from './median.ts'
import { ACCEPT, type Subject } from './subjects.ts'
import { CLIENT_BOUND, type WrkResult, wrk } from './wrk.ts'

/** The site and its two references, in the order the table's columns give them. */
const TARGET_NAMES = ['site', 'nginx', 'fastify'] as const
/**
 * A target of a row: the site, a reference, or another server of the site measured in the same
 * rounds (the analytics table's servers, `site-…`), which a row of its own reads as its site
 * (`asSite`).
 */
export type TargetName = (typeof TARGET_NAMES)[number] | `site-${string}`
export interface Target {
  name: TargetName
  url: string
}

export interface Rounds {
  warmup: number
  rounds: number
  duration: number
}

export interface Measured {
  subject: Subject
  /** Per target: every round's result, in order. */
  runs: Partial<Record<TargetName, WrkResult[]>>
}

function runOf(subject: Subject, target: Target, duration: number): Promise<WrkResult> {
  const accept = ACCEPT[subject.encoding]
  // The references need no cookie; they answer the bytes the site answered with it.
  const headers = target.name.startsWith('site') ? { ...subject.headers } : {}
  if (accept) Object.assign(headers, { 'accept-encoding': accept })
  return wrk({ url: `${target.url}${subject.path}`, headers, duration })
}

/** A warm-up each, then `rounds` rounds; each round starts with the next target in turn. */
export async function measure(
  subject: Subject,
  targets: readonly Target[],
  rounds: Rounds,
): Promise<Measured> {
  for (const target of targets) await runOf(subject, target, rounds.warmup)
  const runs: Measured['runs'] = {}
  for (let round = 0; round < rounds.rounds; round++)
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length] as Target
      const result = await runOf(subject, target, rounds.duration)
      runs[target.name] = [...(runs[target.name] ?? []), result]
    }
  return { subject, runs }
}

/**
 * The rounds of the servers `names` (one setting, started more than once) as the site's, each
 * beside the references' run of the same round, under `label`: a ratio is still taken within a
 * round, and the median and spread cover every server of the setting.
 */
export function asSite(m: Measured, names: readonly TargetName[], label: string): Measured {
  const runs: Measured['runs'] = { site: names.flatMap((name) => m.runs[name] ?? []) }
  for (const reference of ['nginx', 'fastify'] as const) {
    const results = m.runs[reference]
    if (results) runs[reference] = names.flatMap(() => results)
  }
  return { subject: { ...m.subject, label }, runs }
}

const medianOf = (results: readonly WrkResult[] | undefined, pick: (r: WrkResult) => number) =>
  results?.length ? median(results.map(pick)) : undefined

/** Each round's site ÷ reference, its pair measured side by side; none without the reference. */
export function roundRatios(m: Measured, reference: TargetName): number[] {
  const site = m.runs.site ?? []
  const other = m.runs[reference]
  if (!other?.length) return []
  return site.map((r, i) => r.rps / (other[i]?.rps ?? Number.NaN))
}

/** Median over the rounds of site ÷ reference. */
export function ratio(m: Measured, reference: TargetName): number | undefined {
  const rounds = roundRatios(m, reference)
  return rounds.length ? median(rounds) : undefined
}

const cell = (value: number | undefined, digits = 0) => (value === undefined ? '—' : value.toFixed(digits))

export const TABLE_HEADER = [
  '| path | site req/s | nginx req/s | bare Fastify req/s | site ÷ nginx | site ÷ Fastify | site p50 / p99 ms | wrk CPU % site / nginx / Fastify | failed |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
]

/** Median over the rounds of wrk's own CPU share while it loaded `name`. */
function clientShare(m: Measured, name: TargetName): number | undefined {
  const read = m.runs[name]?.filter((r) => r.clientCpu !== undefined)
  return medianOf(read, (r) => r.clientCpu ?? 0)
}

/** The targets whose runs kept wrk's core at least CLIENT_BOUND busy. */
export function clientBound(m: Measured): TargetName[] {
  return TARGET_NAMES.filter((name) => (clientShare(m, name) ?? 0) >= CLIENT_BOUND)
}

/** wrk's own CPU share per target, in percent; a `!` marks a run where the client set the pace. */
function clientCpuCell(m: Measured): string {
  return TARGET_NAMES.map((name) => {
    const share = clientShare(m, name)
    if (share === undefined) return '—'
    return `${Math.round(share * 100)}${share >= CLIENT_BOUND ? '!' : ''}`
  }).join(' / ')
}

/** One Markdown row, ready to paste into docs/benchmarks.md. */
export function tableRow(m: Measured): string {
  const rps = (name: TargetName) => cell(medianOf(m.runs[name], (r) => r.rps))
  const site = m.runs.site
  const failed = Object.values(m.runs).reduce(
    (sum, runs) => sum + (runs ?? []).reduce((s, r) => s + r.failed, 0),
    0,
  )
  const latency = `${cell(
    medianOf(site, (r) => r.p50),
    1,
  )} / ${cell(
    medianOf(site, (r) => r.p99),
    1,
  )}`
  const cells = [m.subject.label, ...TARGET_NAMES.map(rps)]
  cells.push(
    cell(ratio(m, 'nginx'), 2),
    cell(ratio(m, 'fastify'), 2),
    latency,
    clientCpuCell(m),
    String(failed),
  )
  return `| ${cells.join(' | ')} |`
}
