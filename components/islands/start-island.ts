// The browser side of an island (decision 020), small enough for a page's first load: it waits,
// then loads React and the island's component (separate chunks) and hydrates the component into
// the element the server rendered it in (components/islands/Island.tsx).
//
// When: once the page has loaded and the browser is idle (the island's scripts never share the
// connection with the page's first paint, hero image included), or at the visitor's first input,
// whichever comes first. A button pressed before then is pressed again once React has attached:
// React hydrates the part under a click at once, so the press does what it says.
import type { ComponentType } from 'react'

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 1500

/** Hydrates `load`'s component (it takes no props) into `[data-island=name]`. */
export function startIsland(name: string, load: () => Promise<ComponentType>): void {
  const container = document.querySelector(`[data-island="${name}"]`)
  if (!container) return
  let pressed: HTMLElement | null = null
  const record = (event: Event) => {
    if (event.target instanceof Element) pressed = event.target.closest('button') ?? pressed
  }
  container.addEventListener('click', record, { capture: true })

  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of INPUTS) window.removeEventListener(type, start, { capture: true })
    Promise.all([import('react'), import('react-dom/client'), load()]).then(
      ([{ createElement }, { hydrateRoot }, Component]) => {
        container.removeEventListener('click', record, { capture: true })
        hydrateRoot(container, createElement(Component))
        if (pressed?.isConnected) pressed.click()
      },
      // The page stays as the server rendered it: readable, and its links work.
      (error: unknown) => console.error(`The ${name} part of the page could not load`, error),
    )
  }
  for (const type of INPUTS) window.addEventListener(type, start, { capture: true, passive: true })
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(start, 200)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
