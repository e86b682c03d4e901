import { useEffect, useState } from 'react'

// Header scroll thresholds (spec section 9): style switch past 50 px, hide past 100 px.
export const STYLE_SWITCH_OFFSET = 50
export const HIDE_OFFSET = 100

export interface ScrollState {
  scrolled: boolean
  hidden: boolean
}

/** Next header state from the previous scroll offset and the current one. */
export function nextScrollState(previousY: number, y: number, current: ScrollState): ScrollState {
  const scrolled = y > STYLE_SWITCH_OFFSET
  let hidden = current.hidden
  if (y <= HIDE_OFFSET) hidden = false
  else if (y > previousY) hidden = true
  else if (y < previousY) hidden = false
  return { scrolled, hidden }
}

export function useScrollState(): ScrollState {
  const [state, setState] = useState<ScrollState>({ scrolled: false, hidden: false })
  useEffect(() => {
    let previousY = window.scrollY
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      // Capture the previous offset now: React may run the updater later, after previousY moved on.
      const from = previousY
      previousY = y
      setState((current) => {
        const next = nextScrollState(from, y, current)
        return next.scrolled === current.scrolled && next.hidden === current.hidden ? current : next
      })
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return state
}
