import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, kept current. The server (and the first client render, so
 * hydration matches) sees `serverValue`; the real value follows right after hydration.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  )
}

/** prefers-reduced-motion: no autoplay of decorative motion, no parallax. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)')

/** Mobile mode of docs/original-behaviour.md §4: window narrower than 768 px. */
export const useMobileMode = () => useMediaQuery('(max-width: 767.98px)')
