// Gives memory back after a burst (decision 012). Form submissions go through Prisma and allocate
// fast; V8 grows its heap to keep up and keeps it committed afterwards (measured: 255 MB RSS
// after two bursts of applications, of which 34 MB were live). In a browser the embedder tells V8
// when the page is idle and its memory reducer shrinks the heap; Node never does, so the grown
// heap stays while page traffic keeps the server busy. This does it instead: when the heap has
// grown well past its size after the previous collection, it runs one compacting full GC (tens of
// ms) at the first quiet moment, or after a while without one (a steady page load never pauses).
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'

export interface IdleGcOptions {
  /** How often to look. */
  intervalMs: number
  /** Event-loop utilization (0–1) over the interval below which the server counts as quiet. */
  quietBelow: number
  /** Committed heap growth since the last collection that is worth a collection. */
  growthBytes: number
  /** How long a grown heap waits for a quiet moment before it is collected anyway. */
  maxWaitMs: number
}

export const IDLE_GC_DEFAULTS: IdleGcOptions = {
  intervalMs: 250,
  quietBelow: 0.3,
  growthBytes: 48 * 1024 * 1024,
  // One pause of tens of ms per 10 s at most, and only while the heap stays grown: the price of
  // giving memory back under a load that never lets up (measured: 3 × 50k page requests right
  // after a burst of posts kept 269 MB until the load stopped).
  maxWaitMs: 10_000,
}

export interface IdleGcSample {
  /** Event-loop utilization over the last interval. */
  utilization: number
  /** V8's committed heap now. */
  heapTotal: number
  /** Committed heap right after the last collection (or at start). */
  baseline: number
  /** How long the heap has stayed grown past the threshold (0 if it is not). */
  grownForMs: number
}

/** Whether the heap has grown enough since the last collection to be worth one. */
function grown(heapTotal: number, baseline: number, options: IdleGcOptions): boolean {
  return heapTotal - baseline >= options.growthBytes
}

/** Whether now is the moment for a collection. */
export function shouldCollect(sample: IdleGcSample, options: IdleGcOptions): boolean {
  if (!grown(sample.heapTotal, sample.baseline, options)) return false
  return sample.utilization < options.quietBelow || sample.grownForMs >= options.maxWaitMs
}

/**
 * Node's gc() without starting the process with --expose-gc (the Docker image, `npm start` and
 * the bench run `node dist/node/start.mjs`): the flag applies to contexts created after it is
 * set, so a new context hands over its gc function.
 */
export function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc
  if (existing) return existing
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
}

/**
 * A full GC that also compacts the old space, for the idle collection. A plain gc() frees a
 * burst's garbage but V8 evacuates only a few of the most fragmented pages, so the pages where
 * the survivors lie scattered stay committed (measured after a burst of applications: old space
 * 101 MB committed for 25 MB live, RSS 229 MB; with compaction 25 MB and 143 MB). The flag is on
 * for this one collection only: V8's own collections keep their cheaper choice. Node leaves V8's
 * flags writable after start-up (it needs that for v8.setFlagsFromString).
 */
export function compactingGc(gc: () => void = exposeGc()): () => void {
  return () => {
    v8.setFlagsFromString('--compact-on-every-full-gc')
    try {
      gc()
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc')
    }
  }
}

export interface IdleGc {
  stop(): void
  /** Collections run so far. */
  readonly collections: number
}

/** What the collector reads and does; the process's own by default (tests drive the loop). */
export interface IdleGcProbe {
  /** Event-loop utilization since the previous call (0–1). */
  utilization(): number
  /** V8's committed heap, in bytes. */
  heapTotal(): number
  collect(): void
}

function processProbe(): IdleGcProbe {
  const gc = compactingGc()
  let last = performance.eventLoopUtilization()
  return {
    utilization() {
      const now = performance.eventLoopUtilization()
      const { utilization } = performance.eventLoopUtilization(now, last)
      last = now
      return utilization
    },
    heapTotal: () => v8.getHeapStatistics().total_heap_size,
    collect() {
      gc()
      // The collection's own time is not load: it must not make the next interval look busy.
      last = performance.eventLoopUtilization()
    },
  }
}

export function startIdleGc(
  options: IdleGcOptions = IDLE_GC_DEFAULTS,
  onCollect?: (freedBytes: number, ms: number) => void,
  probe: IdleGcProbe = processProbe(),
): IdleGc {
  let baseline = probe.heapTotal()
  let grownSince: number | undefined
  let collections = 0
  const timer = setInterval(() => {
    const utilization = probe.utilization()
    const heapTotal = probe.heapTotal()
    const now = performance.now()
    if (grown(heapTotal, baseline, options)) grownSince ??= now
    else grownSince = undefined
    const grownForMs = grownSince === undefined ? 0 : now - grownSince
    if (!shouldCollect({ utilization, heapTotal, baseline, grownForMs }, options)) {
      // A heap that shrank by itself (V8's own GC) lowers the bar for the next time.
      baseline = Math.min(baseline, heapTotal)
      return
    }
    const started = performance.now()
    probe.collect()
    collections++
    grownSince = undefined
    baseline = probe.heapTotal()
    onCollect?.(heapTotal - baseline, performance.now() - started)
  }, options.intervalMs)
  timer.unref()
  return {
    stop: () => clearInterval(timer),
    get collections() {
      return collections
    },
  }
}
