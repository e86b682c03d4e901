// The browser side of an island (decision 020), small enough for a page's first load: it waits,
// then loads the island's code (React and the component, a separate chunk) and hydrates it.
//
// When: once the page has loaded and the browser is idle (the island's scripts never share the
// connection with the page's first paint, hero image included), or at the visitor's first input,
// whichever comes first. A button pressed before then is pressed again once React has attached:
// React hydrates the part under a click at once, so the press does what it says.

/** What an island's lazily loaded module exports: hydrate the component into its element. */
export interface IslandModule {
  hydrate(container: Element): void
}

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 1500

export function startIsland(name: string, load: () => Promise<IslandModule>): void {
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
    load().then(
      (island) => {
        container.removeEventListener('click', record, { capture: true })
        island.hydrate(container)
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
