import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DRAG_STEP_PX, dragTo, frameAt, keyStep, wrapIndex } from './rotation.ts'

describe('wrapIndex', () => {
  it('wraps forwards and backwards', () => {
    expect(wrapIndex(35, 1, 36)).toBe(0)
    expect(wrapIndex(0, -1, 36)).toBe(35)
    expect(wrapIndex(3, -40, 36)).toBe(35)
    expect(wrapIndex(0, 0, 0)).toBe(0)
  })
})

describe('dragTo', () => {
  const start = { turn: 5, anchorX: 100 }

  it('does nothing below 15 px', () => {
    expect(DRAG_STEP_PX).toBe(15)
    expect(dragTo(start, 114)).toBe(start)
    expect(dragTo(start, 86)).toBe(start)
  })

  it('steps back when dragging right and forward when dragging left', () => {
    expect(dragTo(start, 116)).toEqual({ turn: 4, anchorX: 115 })
    expect(dragTo(start, 84)).toEqual({ turn: 6, anchorX: 85 })
    expect(dragTo(start, 100 + 45)).toEqual({ turn: 2, anchorX: 145 })
  })

  it('wraps around at both ends', () => {
    expect(frameAt(dragTo({ turn: 0, anchorX: 0 }, 16).turn, 36)).toBe(35)
    expect(frameAt(dragTo({ turn: 35, anchorX: 0 }, -16).turn, 36)).toBe(0)
    expect(frameAt(-40, 36)).toBe(32)
    expect(frameAt(7, 0)).toBe(0)
  })

  it('keeps the remainder, so slow drags step every 15 px', () => {
    let state = { turn: 0, anchorX: 0 }
    for (let x = 1; x <= 150; x++) state = dragTo(state, -x)
    expect(state).toEqual({ turn: 10, anchorX: -150 })
  })

  it('keeps the frame in step with the pointer, however the move is split', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -60, max: 60 }), { maxLength: 40 }), (moves) => {
        let state = { turn: 0, anchorX: 0 }
        let x = 0
        for (const move of moves) {
          x += move
          state = dragTo(state, x)
        }
        // The anchor trails the pointer by less than a step, and the turn matches the anchor.
        expect(Math.abs(x - state.anchorX)).toBeLessThan(DRAG_STEP_PX)
        expect(frameAt(state.turn, 36)).toBe(wrapIndex(0, -state.anchorX / DRAG_STEP_PX, 36))
      }),
    )
  })
})

describe('keyStep', () => {
  it('maps ← to the previous view and → to the next, and ignores other keys', () => {
    expect(keyStep('ArrowLeft')).toBe(-1)
    expect(keyStep('ArrowRight')).toBe(1)
    expect(keyStep('Enter')).toBeUndefined()
  })
})
