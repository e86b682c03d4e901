import { useEffect, useState } from 'react'

/** Longest wait for an idle moment after load before starting anyway. */
const IDLE_TIMEOUT_MS = 1500

/**
 * True once the window has loaded and the main thread has had an idle moment. Streams wait for
 * it, so video never competes with the first paint (HTML, CSS, fonts, hero image) for the
 * connection, nor with hydration for the main thread.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    let idle = 0
    const ready = () => {
      if ('requestIdleCallback' in window) {
        idle = window.requestIdleCallback(() => setLoaded(true), { timeout: IDLE_TIMEOUT_MS })
      } else {
        idle = window.setTimeout(() => setLoaded(true), 200)
      }
    }
    if (document.readyState === 'complete') ready()
    else window.addEventListener('load', ready, { once: true })
    return () => {
      window.removeEventListener('load', ready)
      if ('cancelIdleCallback' in window) window.cancelIdleCallback(idle)
      window.clearTimeout(idle)
    }
  }, [])
  return loaded
}

/** False in the server HTML and the hydrating render, true right after. */
export function usePageHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
