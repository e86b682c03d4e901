// Hydration waits for the first paint (decision 009). The server HTML is the complete page; when
// the scripts are already at hand (cache, fast link) the browser would otherwise run React's
// long hydration task before painting anything. Yielding one frame shows the page first (in a
// background tab, frames wait until the tab is shown; the page is already complete meanwhile).
// Then the starter learns that React takes over the page's clicks (decision 011).
import type { PageContextClient } from 'vike/types'
import { HYDRATING_EVENT } from './app-start/events'

export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  if (!pageContext.isHydration) return
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  window.dispatchEvent(new Event(HYDRATING_EVENT))
}
