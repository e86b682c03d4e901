// The browser side of an island (README.md in this folder): small enough for a page's first
// load. It waits until the visitor reaches the island (it comes near the viewport once the page
// has loaded) or touches it (pointer, focus, touch, keys), then loads React and the island's
// component (separate chunks) and hydrates the element the server rendered (Island.tsx). Input
// made before then is recorded and replayed after hydration (early-input.ts).
import type { ComponentType } from 'react'
import { recordEarlyInput } from './early-input.ts'

/** How near the viewport an island starts: its scripts arrive before it scrolls into view. */
const REACH_MARGIN = '200px'
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 1500

/** The island's progress, on its element: for styles (a failed island) and tests. */
type IslandState = 'waiting' | 'loading' | 'hydrated' | 'failed'
const setState = (container: HTMLElement, state: IslandState) => {
  container.dataset.islandState = state
}

/** Resolves once the page has loaded and the main thread has had an idle moment. */
const pageLoaded = new Promise<void>((resolve) => {
  // Safari has no requestIdleCallback: a short timeout stands in for it there.
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(resolve, 200)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
})

/** Calls `reached` once one of the element's boxes comes within REACH_MARGIN of the viewport. */
function whenReached(container: HTMLElement, reached: () => void): () => void {
  if (!('IntersectionObserver' in window)) {
    reached()
    return () => {}
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reached()
    },
    { rootMargin: REACH_MARGIN },
  )
  // The island's element has `display: contents` (no box of its own): its children are watched.
  for (const child of container.children) observer.observe(child)
  return () => observer.disconnect()
}

/** Hydrates `load`'s component (it takes no props) into `[data-island=name]`. */
export function startIsland(name: string, load: () => Promise<ComponentType>): void {
  const container = document.querySelector<HTMLElement>(`[data-island="${name}"]`)
  if (!container) return
  setState(container, 'waiting')
  let started = false
  const start = () => {
    if (started) return
    started = true
    stopWatching()
    setState(container, 'loading')
    Promise.all([import('./hydrate-island.ts'), load()]).then(
      ([{ hydrateIsland }, Component]) => {
        // From here React hears events itself (it hydrates the part under a press first).
        input.stop()
        hydrateIsland(name, container, Component, () => {
          setState(container, 'hydrated')
          input.replay()
        })
      },
      (error: unknown) => {
        // The page stays as the server rendered it: readable, its links and fallbacks working.
        setState(container, 'failed')
        input.giveBack()
        console.error(`The ${name} part of the page could not load`, error)
      },
    )
  }
  const input = recordEarlyInput(container, start)
  const stopWatching = whenReached(container, () => void pageLoaded.then(start))
}
