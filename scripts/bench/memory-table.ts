// The memory of every process the site runs (the server, its embedded services, Postgres) at
// three moments of `npm run bench`: idle after start, the peak under load, and after the load,
// beside the Node servers of Astro and Next.js serving the same page (docs/benchmarks.md).
import { type ProcessMemory, totalPssMb, treeMemory } from './process-tree.ts'
import { SAMPLE_EVERY_MS } from './rss-peak.ts'

/** Idle RSS of the other frameworks' Node servers serving the same page, from docs/benchmarks.md. */
export const OTHER_SERVERS_IDLE_RSS_MB = { 'Astro (Node adapter)': 69, 'Next.js (next start)': 74 }

/** One row per kind of process: Postgres's processes summed (they come and go with connections). */
function grouped(tree: readonly ProcessMemory[], rootPid: number): Map<string, { rss: number; pss: number }> {
  const rows = new Map<string, { rss: number; pss: number }>()
  for (const p of tree) {
    const label =
      p.pid === rootPid
        ? `server (${p.name})`
        : p.name.startsWith('postgres')
          ? 'postgres (all its processes)'
          : p.name
    const row = rows.get(label) ?? { rss: 0, pss: 0 }
    row.rss += p.rssMb
    row.pss += p.pssMb
    rows.set(label, row)
  }
  return rows
}

export interface MemoryWatch {
  /** Records the tree's memory now under `moment` ('idle', 'after'). */
  snapshot(moment: 'idle' | 'after'): void
  /** Starts sampling RSS for the peak (until stop). */
  startPeak(): void
  stop(): void
  print(): void
}

export function watchMemory(rootPid: number): MemoryWatch {
  const moments: Partial<
    Record<'idle' | 'after', { rows: Map<string, { rss: number; pss: number }>; total: number }>
  > = {}
  const peak = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  const sample = () => {
    for (const [label, row] of grouped(treeMemory(rootPid), rootPid))
      if (row.rss > (peak.get(label) ?? 0)) peak.set(label, row.rss)
  }
  return {
    snapshot(moment) {
      const tree = treeMemory(rootPid)
      moments[moment] = { rows: grouped(tree, rootPid), total: totalPssMb(tree) }
    },
    startPeak() {
      sample()
      timer = setInterval(sample, SAMPLE_EVERY_MS)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
    print() {
      const labels = new Set([...(moments.idle?.rows.keys() ?? []), ...peak.keys()])
      const mb = (value: number | undefined) => (value === undefined ? '' : Math.round(value))
      console.log(
        `\nMemory per process, MB (RSS from /proc/<pid>/smaps_rollup, PSS counts shared pages once; peak sampled every ${SAMPLE_EVERY_MS} ms)`,
      )
      console.table([
        ...[...labels].map((label) => ({
          process: label,
          'idle RSS': mb(moments.idle?.rows.get(label)?.rss),
          'idle PSS': mb(moments.idle?.rows.get(label)?.pss),
          'peak RSS': mb(peak.get(label)),
          'after RSS': mb(moments.after?.rows.get(label)?.rss),
          'after PSS': mb(moments.after?.rows.get(label)?.pss),
        })),
        {
          process: 'all of them (PSS)',
          'idle PSS': mb(moments.idle?.total),
          'after PSS': mb(moments.after?.total),
        },
        ...Object.entries(OTHER_SERVERS_IDLE_RSS_MB).map(([name, rss]) => ({
          process: `${name}, same page`,
          'idle RSS': rss,
        })),
      ])
    },
  }
}
