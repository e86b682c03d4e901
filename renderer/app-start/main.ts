// The starter (decision 011): the only script a page with a hero asks for up front. Its <script>
// tag names the app's entry and chunks (server/vike/app-start-html.ts); it fetches them once the
// hero has painted, or at the visitor's first input. Bundled to /assets/static/app-start.<hash>.js
// by scripts/build/app-start.ts.
import { attachHeaderBehaviour } from '../../components/layout/header-behaviour'
import { replayEarlyClicks } from './early-clicks'
import { whenHeroPainted } from './hero-painted'
import { loadApp } from './load-app'

const AFTER_LOAD_MS = 1000

const tag = document.querySelector<HTMLScriptElement>('script[data-app-entry]')
const entry = tag?.dataset.appEntry
if (tag && entry) {
  // The menu, scroll styling and hide-on-scroll work from the first paint, not from hydration.
  const header = document.querySelector<HTMLElement>('header.site-header')
  if (header) attachHeaderBehaviour(header)
  replayEarlyClicks(window)
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
  const scripts = tag.dataset.appPreload?.split(' ').filter(Boolean) ?? []
  whenHeroPainted(window, { hero, afterLoadMs: AFTER_LOAD_MS }, () => {
    loadApp(document, entry, scripts).catch((error: unknown) => {
      // The page stays as the server rendered it: readable, links and forms work without us.
      console.error('The page could not load its scripts', error)
    })
  })
}
