// Parallax (docs/original-behaviour.md §3, §4, §9): a layer moves at `speed` times the scroll, relative to where it
// would rest when centred in the viewport; off in mobile mode (< 768 px) and with reduced motion.

export const DEFAULT_PARALLAX_SPEED = 0.1
export const MOBILE_BREAKPOINT_PX = 768

/**
 * The vertical offset in px for a layer whose box is at `top` … `top + height` in a viewport of
 * `viewportHeight`. Zero when the box is centred; opposite to the scroll direction, so a positive
 * speed makes the layer lag behind the page like something further away.
 */
export function parallaxOffset(top: number, height: number, viewportHeight: number, speed: number): number {
  const distance = top + height / 2 - viewportHeight / 2
  return Math.round(-distance * speed * 100) / 100 + 0 // + 0 turns -0 into 0
}

export interface ParallaxEnvironment {
  width: number
  reducedMotion: boolean
}

export const parallaxEnabled = ({ width, reducedMotion }: ParallaxEnvironment): boolean =>
  !reducedMotion && width >= MOBILE_BREAKPOINT_PX
