import v8 from 'node:v8'
import { describe, expect, it } from 'vitest'
import { IDLE_GC_DEFAULTS, shouldCollect, startIdleGc } from './idle-gc.server'

const MB = 1024 * 1024

describe('shouldCollect', () => {
  const options = IDLE_GC_DEFAULTS
  it('collects when the server is quiet and the heap grew past the threshold', () => {
    expect(shouldCollect({ utilization: 0.05, heapTotal: 180 * MB, baseline: 40 * MB }, options)).toBe(true)
  })
  it('never during load, however large the heap', () => {
    expect(shouldCollect({ utilization: 0.9, heapTotal: 400 * MB, baseline: 40 * MB }, options)).toBe(false)
  })
  it('not for a heap that grew less than the threshold', () => {
    expect(shouldCollect({ utilization: 0, heapTotal: 80 * MB, baseline: 40 * MB }, options)).toBe(false)
  })
})

describe('startIdleGc', () => {
  it('gives back a heap grown by a burst of garbage once the process is quiet, once', async () => {
    const freed: number[] = []
    const idleGc = startIdleGc({ intervalMs: 200, quietBelow: 0.5, growthBytes: 32 * MB }, (bytes) =>
      freed.push(bytes),
    )
    try {
      // A burst: short-lived objects that V8 promotes while they are still referenced.
      let keep: unknown[] = []
      for (let round = 0; round < 40; round++) {
        keep.push(Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${round}-${i}` })))
        if (keep.length > 20) keep = keep.slice(10)
      }
      keep = []
      const grown = v8.getHeapStatistics().total_heap_size
      // Quiet: nothing runs for a few intervals.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(idleGc.collections).toBe(1)
      expect(freed[0]).toBeGreaterThan(16 * MB)
      expect(v8.getHeapStatistics().total_heap_size).toBeLessThan(grown)
      // No growth since: no second collection.
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(idleGc.collections).toBe(1)
    } finally {
      idleGc.stop()
    }
  })
})
