import { describe, expect, it } from 'vitest'
import { clampThreshold, initialRevealState } from './reveal-state.ts'

const base = { reducedMotion: false, hasObserver: true, viewportHeight: 800 }

describe('initialRevealState', () => {
  it('waits for elements below the fold', () => {
    expect(initialRevealState({ ...base, top: 1200, bottom: 1500 })).toBe('waiting')
  })

  it('never hides what is already on screen', () => {
    expect(initialRevealState({ ...base, top: 700, bottom: 1000 })).toBe('static')
    expect(initialRevealState({ ...base, top: -100, bottom: 10 })).toBe('static')
  })

  it('stays static with reduced motion or without IntersectionObserver', () => {
    expect(initialRevealState({ ...base, reducedMotion: true, top: 1200, bottom: 1500 })).toBe('static')
    expect(initialRevealState({ ...base, hasObserver: false, top: 1200, bottom: 1500 })).toBe('static')
  })
})

describe('clampThreshold', () => {
  it('keeps thresholds between 0.1 and 0.3', () => {
    expect(clampThreshold(0)).toBe(0.1)
    expect(clampThreshold(0.2)).toBe(0.2)
    expect(clampThreshold(0.9)).toBe(0.3)
  })
})
