import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compareNames,
  isTurntableImage,
  selectTurntableImages,
  spreadEvenly,
  TURNTABLE_BUCKET_ORDER,
} from './images.ts'

describe('viewer images', () => {
  it('tries the buckets in the spec order', () => {
    expect(TURNTABLE_BUCKET_ORDER).toEqual(['360', '360-images', 'images', 'product-images'])
  })

  it('keeps jpg, jpeg, png and webp in any case, and nothing else', () => {
    for (const name of ['a.jpg', 'b.JPG', 'c.jpeg', 'd.JpEg', 'e.png', 'f.PNG', 'g.webp', 'h.WEBP']) {
      expect(isTurntableImage(name), name).toBe(true)
    }
    for (const name of ['a.gif', 'b.svg', 'notes.txt', 'jpg', 'a.jpg.txt', 'x.avif', '.png', '._rm5_1.jpg']) {
      expect(isTurntableImage(name), name).toBe(false)
    }
  })

  it('leaves out the hero frames and anything in a folder', () => {
    expect(isTurntableImage('0_66.png')).toBe(false)
    expect(isTurntableImage('0_0.PNG')).toBe(false)
    expect(isTurntableImage('hero/0_66.png')).toBe(false)
    expect(isTurntableImage('shots/rm5_1.jpg')).toBe(false)
    expect(isTurntableImage('10_1.png')).toBe(true)
    expect(isTurntableImage('0_front.png')).toBe(true)
  })

  it('leaves out responsive variants (docs/decisions/006)', () => {
    expect(isTurntableImage('rm5_1.w640.avif')).toBe(false)
    expect(isTurntableImage('rm5_1.w640.webp')).toBe(false)
    expect(isTurntableImage('rm5_1.w960.jpg')).toBe(false)
    expect(selectTurntableImages(['rm5_2.jpg', 'rm5_2.w640.jpg', 'rm5_1.jpg', 'rm5_1.w1280.webp'])).toEqual([
      'rm5_1.jpg',
      'rm5_2.jpg',
    ])
  })

  it('sorts numerically: frame_2 before frame_10', () => {
    const names = ['frame_10.jpg', 'frame_2.jpg', 'frame_1.jpg', 'Frame_3.jpg', 'frame_21.jpg']
    expect(selectTurntableImages(names)).toEqual([
      'frame_1.jpg',
      'frame_2.jpg',
      'Frame_3.jpg',
      'frame_10.jpg',
      'frame_21.jpg',
    ])
    expect(compareNames('rm5_9.jpg', 'rm5_36.jpg')).toBeLessThan(0)
  })

  it('filters, sorts and caps a mixed listing', () => {
    const names = ['rm5_2.jpg', 'readme.md', '0_66.png', 'rm5_10.jpg', 'rm5_1.jpg', 'thumbs.db']
    expect(selectTurntableImages(names)).toEqual(['rm5_1.jpg', 'rm5_2.jpg', 'rm5_10.jpg'])
  })

  it('caps at 100 frames spread over the whole turn', () => {
    const names = Array.from({ length: 360 }, (_, i) => `deg_${i}.jpg`)
    const picked = selectTurntableImages(names)
    expect(picked).toHaveLength(100)
    expect(picked[0]).toBe('deg_0.jpg')
    expect(picked.at(-1)).toBe('deg_356.jpg')
  })

  it('spreadEvenly keeps order, never repeats and never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 120 }), (n, max) => {
        const items = Array.from({ length: n }, (_, i) => i)
        const out = spreadEvenly(items, max)
        expect(out.length).toBe(Math.min(n, max))
        for (let i = 1; i < out.length; i++) expect(out[i] as number).toBeGreaterThan(out[i - 1] as number)
      }),
    )
  })
})
