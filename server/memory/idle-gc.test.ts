import v8 from 'node:v8'
import { describe, expect, it } from 'vitest'
import {
  compactingGc,
  exposeGc,
  IDLE_GC_DEFAULTS,
  type IdleGcProbe,
  shouldCollect,
  startIdleGc,
} from './idle-gc.server'

const MB = 1024 * 1024

describe('shouldCollect', () => {
  const options = IDLE_GC_DEFAULTS
  it('collects when the server is quiet and the heap grew past the threshold', () => {
    expect(
      shouldCollect({ utilization: 0.05, heapTotal: 180 * MB, baseline: 40 * MB, grownForMs: 0 }, options),
    ).toBe(true)
  })
  it('not during load while the grown heap has waited less than the limit', () => {
    const sample = { utilization: 0.9, heapTotal: 400 * MB, baseline: 40 * MB }
    expect(shouldCollect({ ...sample, grownForMs: options.maxWaitMs - 1 }, options)).toBe(false)
    expect(shouldCollect({ ...sample, grownForMs: options.maxWaitMs }, options)).toBe(true)
  })
  it('not for a heap that grew less than the threshold, quiet or not, however long', () => {
    const sample = { heapTotal: 80 * MB, baseline: 40 * MB, grownForMs: 60_000 }
    expect(shouldCollect({ ...sample, utilization: 0 }, options)).toBe(false)
    expect(shouldCollect({ ...sample, utilization: 1 }, options)).toBe(false)
  })
})

describe('exposeGc', () => {
  it('hands over a gc() that really collects, without --expose-gc on the command line', () => {
    const gc = exposeGc()
    let kept: { i: number; text: string }[][] = []
    for (let round = 0; round < 30; round++)
      kept.push(Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${round}-${i}` })))
    expect(kept).toHaveLength(30)
    kept = []
    // Dropped just now: still counted as used until a collection.
    const before = v8.getHeapStatistics().used_heap_size
    gc()
    expect(v8.getHeapStatistics().used_heap_size).toBeLessThan(before - 32 * MB)
  })
})

describe('compactingGc', () => {
  const oldSpace = () => {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')
    if (!space) throw new Error('no old space')
    return space
  }
  /** Old-space pages kept committed beyond what their live objects need. */
  const slack = () => oldSpace().space_size - oldSpace().space_used_size

  /**
   * 64 MB of objects promoted to the old space, then 1 in 16 kept: every page keeps a few
   * survivors. Returns the old space's slack after one collection by `collect`.
   */
  function slackAfterBurst(gc: () => void, collect: () => void): number {
    let rows = Array.from({ length: 600_000 }, (_, i) => ({ i, text: `row ${i}` }))
    gc()
    gc()
    const survivors = rows.filter((row) => row.i % 16 === 0)
    rows = []
    collect()
    const result = slack()
    expect(survivors).toHaveLength(37_500)
    return result
  }

  it('gives back the old-space pages a plain collection keeps for scattered survivors', () => {
    const gc = exposeGc()
    const compact = compactingGc(gc)
    const plain = slackAfterBurst(gc, gc)
    compact() // a clean start for the second burst
    const compacted = slackAfterBurst(gc, compact)
    expect(plain).toBeGreaterThan(24 * MB)
    expect(compacted).toBeLessThan(plain / 4)
  })
})

describe('startIdleGc', () => {
  /** A process whose heap and load the test sets; collect() brings the heap back to 40 MB. */
  function scriptedProbe() {
    const state = { utilization: 0, heapTotal: 40 * MB, collected: 0 }
    const probe: IdleGcProbe = {
      utilization: () => state.utilization,
      heapTotal: () => state.heapTotal,
      collect: () => {
        state.collected++
        state.heapTotal = 40 * MB
      },
    }
    return { state, probe }
  }
  // A few intervals pass (for what must not happen); `until` waits for what must (a loaded
  // machine may run the 20 ms timer late).
  const tick = () => new Promise((resolve) => setTimeout(resolve, 60))
  async function until(condition: () => boolean) {
    for (let waited = 0; waited < 3000 && !condition(); waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('waits for a quiet moment after a burst, collects once, then only after new growth', async () => {
    const { state, probe } = scriptedProbe()
    const freed: number[] = []
    const idleGc = startIdleGc(
      { intervalMs: 20, quietBelow: 0.3, growthBytes: 48 * MB, maxWaitMs: 60_000 },
      (bytes) => freed.push(bytes),
      probe,
    )
    try {
      // The burst: the heap grows while the loop is busy. No collection under load.
      state.utilization = 0.95
      state.heapTotal = 180 * MB
      await tick()
      expect(state.collected).toBe(0)
      // Quiet: one collection, the grown part given back.
      state.utilization = 0.02
      await until(() => state.collected > 0)
      expect(state.collected).toBe(1)
      expect(idleGc.collections).toBe(1)
      expect(freed).toEqual([140 * MB])
      // Still quiet, little growth: nothing more.
      state.heapTotal = 60 * MB
      await tick()
      expect(state.collected).toBe(1)
      // A second burst, then quiet again: a second collection.
      state.heapTotal = 120 * MB
      await until(() => state.collected > 1)
      expect(state.collected).toBe(2)
    } finally {
      idleGc.stop()
    }
  })

  it('collects a grown heap under a load that never lets up, once it has waited maxWaitMs', async () => {
    const { state, probe } = scriptedProbe()
    const options = { intervalMs: 20, quietBelow: 0.3, growthBytes: 48 * MB, maxWaitMs: 300 }
    const idleGc = startIdleGc(options, undefined, probe)
    try {
      state.utilization = 0.95
      state.heapTotal = 180 * MB
      const grownAt = performance.now()
      await until(() => state.collected > 0)
      expect(state.collected).toBe(1)
      expect(performance.now() - grownAt).toBeGreaterThanOrEqual(300)
      // Still loaded, heap back to its size: no second collection.
      await tick()
      expect(state.collected).toBe(1)
    } finally {
      idleGc.stop()
    }
  })

  it('lowers its bar when V8 shrinks the heap by itself', async () => {
    const { state, probe } = scriptedProbe()
    state.heapTotal = 100 * MB
    const idleGc = startIdleGc(
      { intervalMs: 20, quietBelow: 0.3, growthBytes: 48 * MB, maxWaitMs: 60_000 },
      undefined,
      probe,
    )
    try {
      state.heapTotal = 30 * MB // V8's own collection
      await tick()
      state.heapTotal = 80 * MB // 50 MB above the new low: worth one
      await until(() => state.collected > 0)
      expect(state.collected).toBe(1)
    } finally {
      idleGc.stop()
    }
  })
})
