import { describe, expect, it } from 'vitest'
import { HIDE_OFFSET, nextScrollState, STYLE_SWITCH_OFFSET } from './header-scroll.ts'

const top = { scrolled: false, hidden: false }

describe('nextScrollState', () => {
  it('switches style only past 50 px', () => {
    expect(nextScrollState(0, STYLE_SWITCH_OFFSET, top).scrolled).toBe(false)
    expect(nextScrollState(0, STYLE_SWITCH_OFFSET + 1, top).scrolled).toBe(true)
  })

  it('hides when scrolling down past 100 px, not before', () => {
    expect(nextScrollState(40, HIDE_OFFSET, top).hidden).toBe(false)
    expect(nextScrollState(HIDE_OFFSET, HIDE_OFFSET + 20, top).hidden).toBe(true)
  })

  it('reappears when scrolling up, even far down the page', () => {
    expect(nextScrollState(2000, 1990, { scrolled: true, hidden: true })).toEqual({
      scrolled: true,
      hidden: false,
    })
  })

  it('keeps its state when the offset does not change', () => {
    expect(nextScrollState(500, 500, { scrolled: true, hidden: true }).hidden).toBe(true)
  })

  it('always shows the header near the top', () => {
    expect(nextScrollState(300, 80, { scrolled: true, hidden: true })).toEqual({
      scrolled: true,
      hidden: false,
    })
    expect(nextScrollState(60, 0, { scrolled: true, hidden: false })).toEqual(top)
  })
})
