import { describe, expect, it } from 'vitest'
import { growthMb, type RssSample } from './rss-growth.ts'

/** One sample every 10 s for `minutes`, the RSS at each given by `rssAt`. */
const samples = (minutes: number, rssAt: (at: number) => number): RssSample[] =>
  Array.from({ length: minutes * 6 + 1 }, (_, i) => ({ at: i * 10, rss: rssAt(i * 10) }))

describe('the growth of RSS over a long load', () => {
  it('leaves the warm-up out: a climb over the first minutes that then holds is no growth', () => {
    // Climbs from 120 to 180 over the first three minutes, then holds.
    expect(growthMb(samples(10, (at) => (at < 180 ? 120 + at / 3 : 180)))).toBe(0)
  })

  it('shows a steady climb after the warm-up', () => {
    // 2 MB more every minute; after the warm-up (180–600 s) the halves' medians are at 280 s and
    // 495 s: 3.6 minutes apart.
    expect(growthMb(samples(10, (at) => 150 + (at / 60) * 2))).toBe(7)
  })

  it('reads medians, so the load’s swings (a peak each turn) are not growth', () => {
    expect(growthMb(samples(10, (at) => (at % 60 === 50 ? 220 : 180)))).toBe(0)
  })

  it('says nothing for a load too short to have two halves after the warm-up', () => {
    expect(growthMb(samples(4, () => 150))).toBeUndefined()
    expect(growthMb([])).toBeUndefined()
  })
})
