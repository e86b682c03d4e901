import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_REPORT_SECONDS, READING_IDLE_MS, ReadingClock } from './reading-clock.ts'

const s = (seconds: number) => seconds * 1000

describe('ReadingClock', () => {
  it('counts whole seconds per page and reports a page once it was current long enough', () => {
    const clock = new ReadingClock(0)
    clock.show(1, 0)
    clock.show(2, s(12.4))
    expect(clock.take(s(12.4))).toEqual([{ page: 1, seconds: 12, shown: true }])
    clock.show(3, s(20))
    // 7.6 s on page 2: 7 reported, 0.6 kept for its next report.
    expect(clock.take(s(20))).toEqual([{ page: 2, seconds: 7, shown: true }])
    clock.show(1, s(21.6))
    // Page 1: its 0.4 s kept from before and 8.4 s now.
    expect(clock.take(s(30))).toEqual([
      { page: 1, seconds: 8, shown: true },
      { page: 3, seconds: 1, shown: true },
    ])
  })

  it('carries sub-second remainders so short visits add up', () => {
    const clock = new ReadingClock(0)
    let at = 0
    for (let i = 0; i < 10; i++) {
      clock.show(1, at)
      at += 1400
      clock.show(2, at)
      at += 100
    }
    const reports = clock.take(at)
    expect(reports.find((r) => r.page === 1)?.seconds).toBe(14)
  })

  it('does not count a page flicked past as shown, yet keeps its time', () => {
    const clock = new ReadingClock(0)
    clock.show(1, 0)
    clock.show(2, 300)
    clock.show(3, 600)
    clock.show(4, s(10))
    const reports = clock.take(s(10))
    expect(reports).toEqual([{ page: 3, seconds: 9, shown: true }])
    // Pages 1 and 2 hold 0.3 s each: nothing whole to report, no show.
    expect(clock.take(s(10)).length).toBe(0)
  })

  it('stops counting while the tab is hidden and reports nothing twice', () => {
    const clock = new ReadingClock(0)
    clock.show(5, 0)
    clock.setVisible(false, s(30))
    expect(clock.take(s(30))).toEqual([{ page: 5, seconds: 30, shown: true }])
    clock.setVisible(true, s(3600))
    clock.setVisible(false, s(3610))
    // The same visit continues: time, no second show.
    expect(clock.take(s(3610))).toEqual([{ page: 5, seconds: 10, shown: false }])
    expect(clock.take(s(4000))).toEqual([])
  })

  it('stops counting after the idle window without input, and starts again on input', () => {
    const clock = new ReadingClock(0, { idleMs: s(60) })
    clock.show(0, 0)
    expect(clock.take(s(600))).toEqual([{ page: 0, seconds: 60, shown: true }])
    clock.activity(s(700))
    expect(clock.take(s(710))).toEqual([{ page: 0, seconds: 10, shown: false }])
  })

  it('uses a long idle window by default', () => {
    const clock = new ReadingClock(0)
    clock.show(0, 0)
    expect(clock.take(READING_IDLE_MS * 2)).toEqual([
      { page: 0, seconds: READING_IDLE_MS / 1000, shown: true },
    ])
  })

  it('is due once a page holds a full report, and splits longer reads over several reports', () => {
    const clock = new ReadingClock(0, { idleMs: Number.POSITIVE_INFINITY })
    clock.show(2, 0)
    expect(clock.due(s(MAX_REPORT_SECONDS - 1))).toBe(false)
    expect(clock.due(s(MAX_REPORT_SECONDS))).toBe(true)
    clock.setVisible(false, s(MAX_REPORT_SECONDS * 2 + 5))
    expect(clock.take(s(MAX_REPORT_SECONDS * 2 + 5))).toEqual([
      { page: 2, seconds: MAX_REPORT_SECONDS, shown: true },
    ])
    expect(clock.take(s(MAX_REPORT_SECONDS * 2 + 5))).toEqual([
      { page: 2, seconds: MAX_REPORT_SECONDS, shown: false },
    ])
    expect(clock.take(s(MAX_REPORT_SECONDS * 2 + 5))).toEqual([{ page: 2, seconds: 5, shown: false }])
  })

  it('counts nothing with no current page, and ignores a clock going backwards', () => {
    const clock = new ReadingClock(s(100))
    clock.show(null, s(100))
    expect(clock.take(s(200))).toEqual([])
    clock.show(1, s(200))
    clock.activity(s(150))
    expect(clock.take(s(205))).toEqual([{ page: 1, seconds: 5, shown: true }])
  })

  it('never reports more time than passed, and each report stays within bounds', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('show' as const), page: fc.option(fc.integer({ min: 0, max: 5 })) }),
      fc.record({ kind: fc.constant('visible' as const), visible: fc.boolean() }),
      fc.record({ kind: fc.constant('activity' as const) }),
      fc.record({ kind: fc.constant('take' as const) }),
    )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400_000 }), step), { maxLength: 60 }),
        (steps) => {
          const clock = new ReadingClock(0, { idleMs: s(120) })
          let at = 0
          let reported = 0
          for (const [gap, action] of steps) {
            at += gap
            if (action.kind === 'show') clock.show(action.page, at)
            else if (action.kind === 'visible') clock.setVisible(action.visible, at)
            else if (action.kind === 'activity') clock.activity(at)
            else {
              for (const report of clock.take(at)) {
                expect(Number.isInteger(report.seconds)).toBe(true)
                expect(report.seconds).toBeGreaterThanOrEqual(0)
                expect(report.seconds).toBeLessThanOrEqual(MAX_REPORT_SECONDS)
                expect(report.seconds > 0 || report.shown).toBe(true)
                reported += report.seconds
              }
            }
          }
          expect(reported * 1000).toBeLessThanOrEqual(at)
        },
      ),
    )
  })
})
