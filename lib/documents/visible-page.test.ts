import { describe, expect, it } from 'vitest'
import { mostVisiblePage, pageLabel } from './visible-page.ts'

describe('mostVisiblePage', () => {
  it('picks the page taking up most of the viewport, the earlier one on a tie', () => {
    expect(mostVisiblePage(new Map())).toBeNull()
    expect(mostVisiblePage(new Map([[3, 0]]))).toBeNull()
    expect(
      mostVisiblePage(
        new Map([
          [2, 120],
          [3, 500],
        ]),
      ),
    ).toBe(3)
    expect(
      mostVisiblePage(
        new Map([
          [5, 300],
          [4, 300],
        ]),
      ),
    ).toBe(4)
  })
})

describe('pageLabel', () => {
  it('says which page of how many, within bounds', () => {
    expect(pageLabel(null, 12)).toBe('Page 1 of 12')
    expect(pageLabel(4, 12)).toBe('Page 4 of 12')
    expect(pageLabel(40, 12)).toBe('Page 12 of 12')
    expect(pageLabel(1, 0)).toBe('Page 1 of 1')
  })
})
