import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canvasSize, MAX_CANVAS_PIXELS } from './canvas-size.ts'

describe('canvasSize', () => {
  it('fits the box width in device pixels', () => {
    // An A4 page (595 × 842 pt) in a 375 px box on a 2x phone.
    expect(canvasSize(595, 842, 375, 2)).toEqual({ width: 750, height: 1061, scale: 750 / 595 })
    expect(canvasSize(595, 842, 1000, 1).width).toBe(1000)
  })

  it('treats odd pixel ratios as 1 and caps very high ones', () => {
    expect(canvasSize(600, 800, 300, 0.5).width).toBe(300)
    expect(canvasSize(600, 800, 300, Number.NaN).width).toBe(300)
    expect(canvasSize(600, 800, 300, 8).width).toBe(900)
  })

  it('draws nothing for an empty box or page', () => {
    expect(canvasSize(595, 842, 0, 2)).toEqual({ width: 0, height: 0, scale: 0 })
    expect(canvasSize(0, 842, 300, 2).width).toBe(0)
  })

  it('never exceeds the pixel budget, and keeps the page proportions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 14_400 }),
        fc.integer({ min: 10, max: 14_400 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        (w, h, box, ratio) => {
          const size = canvasSize(w, h, box, ratio)
          expect(size.width * size.height).toBeLessThanOrEqual(MAX_CANVAS_PIXELS)
          // Whole pixels: the shape is kept to within rounding once the canvas is of any size.
          if (size.width >= 50 && size.height >= 50)
            expect(Math.abs(size.width / size.height / (w / h) - 1)).toBeLessThan(0.05)
        },
      ),
    )
  })
})
