import { describe, expect, it } from 'vitest'
import { DEFAULT_PARALLAX_SPEED, parallaxEnabled, parallaxOffset } from './parallax.ts'

describe('parallax', () => {
  it('defaults to a speed of 0.1', () => {
    expect(DEFAULT_PARALLAX_SPEED).toBe(0.1)
  })

  it('is zero when centred and proportional to the distance from the centre', () => {
    expect(parallaxOffset(300, 200, 800, 0.1)).toBe(0)
    expect(parallaxOffset(700, 200, 800, 0.1)).toBe(-40)
    expect(parallaxOffset(-100, 200, 800, 0.1)).toBe(40)
    expect(parallaxOffset(700, 200, 800, 0.25)).toBe(-100)
  })

  it('is off under 768 px and with reduced motion', () => {
    expect(parallaxEnabled({ width: 1440, reducedMotion: false })).toBe(true)
    expect(parallaxEnabled({ width: 768, reducedMotion: false })).toBe(true)
    expect(parallaxEnabled({ width: 767, reducedMotion: false })).toBe(false)
    expect(parallaxEnabled({ width: 1440, reducedMotion: true })).toBe(false)
  })
})
