// Fade-in on scroll, decided once per element when the page has hydrated. Server HTML carries no
// hidden state, so content is visible without JS; the hidden ('waiting') state is only used for
// elements still below the fold, so nothing on screen ever blinks out.
export type RevealState = 'static' | 'waiting'

/** Spec section 9: visible-on-scroll thresholds are between 0.1 and 0.3. */
export const MIN_THRESHOLD = 0.1
export const MAX_THRESHOLD = 0.3

export function clampThreshold(threshold: number): number {
  return Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, threshold))
}

export function initialRevealState(options: {
  reducedMotion: boolean
  hasObserver: boolean
  top: number
  bottom: number
  viewportHeight: number
}): RevealState {
  if (options.reducedMotion || !options.hasObserver) return 'static'
  const onScreen = options.top < options.viewportHeight && options.bottom > 0
  return onScreen ? 'static' : 'waiting'
}
