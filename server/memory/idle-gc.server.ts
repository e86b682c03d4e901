// Gives memory back after a burst (decision 012). Form submissions go through Prisma and allocate
// fast; V8 grows its heap to keep up and keeps it committed afterwards (measured: 255 MB RSS
// after two bursts of applications, of which 34 MB were live). In a browser the embedder tells V8
// when the page is idle and its memory reducer shrinks the heap; Node never does, so the grown
// heap stays while page traffic keeps the server lightly busy. This does it instead: when the
// event loop was mostly idle over the last interval and the heap has grown well past its size
// after the previous collection, it runs one full GC (tens of ms, at a quiet moment).
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
}

export const IDLE_GC_DEFAULTS: IdleGcOptions = {
  intervalMs: 1000,
  quietBelow: 0.3,
  growthBytes: 48 * 1024 * 1024,
}

export interface IdleGcSample {
  /** Event-loop utilization over the last interval. */
  utilization: number
  /** V8's committed heap now. */
  heapTotal: number
  /** Committed heap right after the last collection (or at start). */
  baseline: number
}

/** Whether now is the moment for a collection. */
export function shouldCollect(sample: IdleGcSample, options: IdleGcOptions): boolean {
  return sample.utilization < options.quietBelow && sample.heapTotal - sample.baseline >= options.growthBytes
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
  const gc = exposeGc()
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
  let collections = 0
  const timer = setInterval(() => {
    const utilization = probe.utilization()
    const heapTotal = probe.heapTotal()
    if (!shouldCollect({ utilization, heapTotal, baseline }, options)) {
      // A heap that shrank by itself (V8's own GC) lowers the bar for the next time.
      baseline = Math.min(baseline, heapTotal)
      return
    }
    const started = performance.now()
    probe.collect()
    collections++
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
