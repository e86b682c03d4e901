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
    let cancel = () => {}
    const ready = () => {
      // Safari has no requestIdleCallback: a short timeout stands in for it there.
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setLoaded(true), { timeout: IDLE_TIMEOUT_MS })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const id = setTimeout(() => setLoaded(true), 200)
        cancel = () => clearTimeout(id)
      }
    }
    if (document.readyState === 'complete') ready()
    else window.addEventListener('load', ready, { once: true })
    return () => {
      window.removeEventListener('load', ready)
      cancel()
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
