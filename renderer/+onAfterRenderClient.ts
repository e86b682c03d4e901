// Tells the starter the page has hydrated, so it repeats a button press made before (decision 011).
// vike-react's hook, called once the first render has committed (Vike's own onHydrationEnd needs
// client routing, which the site does not use).
import type { PageContextClient } from 'vike/types'
import { HYDRATED_EVENT } from './app-start/events'

export function onAfterRenderClient(pageContext: PageContextClient): void {
  if (pageContext.isHydration) window.dispatchEvent(new Event(HYDRATED_EVENT))
}
