import { useEffect, useRef } from 'react'

/** Spec §9: the first 15 frames load at once, the rest 100 ms later. */
export const PRELOAD_FIRST = 15
export const PRELOAD_REST_DELAY_MS = 100

/**
 * Fetches every frame ahead of the first drag, so turning never waits on the network. The Image
 * objects are kept so the browser keeps them decoded while the turntable lives.
 */
export function usePreloadFrames(urls: readonly string[], enabled: boolean): void {
  const kept = useRef<HTMLImageElement[]>([])
  useEffect(() => {
    if (!enabled || urls.length === 0) return
    const load = (list: readonly string[]) => {
      for (const url of list) {
        const image = new Image()
        image.decoding = 'async'
        image.src = url
        kept.current.push(image)
      }
    }
    load(urls.slice(0, PRELOAD_FIRST))
    const timer = window.setTimeout(() => load(urls.slice(PRELOAD_FIRST)), PRELOAD_REST_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      kept.current = []
    }
  }, [urls, enabled])
}
