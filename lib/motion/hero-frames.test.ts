import { describe, expect, it } from 'vitest'
import {
  FRAME_STEP_MS,
  HERO_FRAME_NAMES,
  heroFrameUrls,
  isMoving,
  LAST_FRAME,
  stepFrame,
} from './hero-frames.ts'

describe('hero frames', () => {
  it('has the seven frames of the spec in order, stored in the hero folder of bucket 360', () => {
    expect(HERO_FRAME_NAMES).toEqual(['0_66', '0_67', '0_68', '0_69', '0_70', '0_71', '0_0'])
    expect(LAST_FRAME).toBe(6)
    expect(FRAME_STEP_MS).toBe(60)
    expect(heroFrameUrls()[0]).toBe('/media/360/hero/0_66.png')
    expect(heroFrameUrls()[6]).toBe('/media/360/hero/0_0.png')
  })

  it('rises by one while active and stops at 6', () => {
    const seen = [0]
    for (let i = 0; i < 9; i++) seen.push(stepFrame(seen.at(-1) as number, true))
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 6, 6, 6])
  })

  it('falls by one while inactive and stops at 0', () => {
    expect(stepFrame(6, false)).toBe(5)
    expect(stepFrame(1, false)).toBe(0)
    expect(stepFrame(0, false)).toBe(0)
  })

  it('reverses from wherever it is when the flag flips', () => {
    expect(stepFrame(3, false)).toBe(2)
    expect(stepFrame(2, true)).toBe(3)
  })

  it('reports when the timer may stop', () => {
    expect(isMoving(6, true)).toBe(false)
    expect(isMoving(0, false)).toBe(false)
    expect(isMoving(0, true)).toBe(true)
    expect(isMoving(6, false)).toBe(true)
  })
})
