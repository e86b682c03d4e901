// Header scroll thresholds (docs/original-behaviour.md §9): style switch past 50 px, hide past 100 px.
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
