import { type RefObject, useEffect } from 'react'
import { clampThreshold, initialRevealState } from './reveal-state.ts'

/**
 * Fades the element in when `threshold` of it scrolls into view. Sets `data-reveal` on the DOM
 * node directly ('waiting' → 'shown'); CSS in renderer/styles/motion.css does the animation and
 * ignores it under prefers-reduced-motion.
 */
export function useReveal(ref: RefObject<HTMLElement | null>, threshold = 0.2) {
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const rect = element.getBoundingClientRect()
    const state = initialRevealState({
      reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      hasObserver: 'IntersectionObserver' in window,
      top: rect.top,
      bottom: rect.bottom,
      viewportHeight: window.innerHeight,
    })
    if (state === 'static') return
    element.dataset.reveal = 'waiting'
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        element.dataset.reveal = 'shown'
        observer.disconnect()
      },
      { threshold: clampThreshold(threshold) },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, threshold])
}
