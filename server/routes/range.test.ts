import { describe, expect, it } from 'vitest'
import { contentRange, parseRange } from './range.server.ts'

describe('parseRange', () => {
  it('serves the whole object without a usable header', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=a-b',
      'bytes=0-1,3-4',
      'bytes=5-2',
    ]) {
      expect(parseRange(header, 100)).toEqual({ kind: 'full' })
    }
  })

  it('parses first-last, clamping last to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 })
    expect(parseRange('bytes=90-200', 100)).toEqual({ kind: 'partial', start: 90, end: 99 })
    expect(parseRange('bytes=99-99', 100)).toEqual({ kind: 'partial', start: 99, end: 99 })
    expect(parseRange('Bytes = 1 - 2', 100)).toEqual({ kind: 'partial', start: 1, end: 2 })
  })

  it('parses open-ended and suffix ranges', () => {
    expect(parseRange('bytes=10-', 100)).toEqual({ kind: 'partial', start: 10, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 })
  })

  it('reports unsatisfiable ranges', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=99999999999999999999-', 100)).toEqual({ kind: 'unsatisfiable' })
  })

  it('formats Content-Range', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100')
  })
})
