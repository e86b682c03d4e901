import { expect, type Page } from '@playwright/test'

/**
 * Whether React has hydrated the page: on an HTML-only page, each island in or near the viewport
 * (islands start when the visitor reaches them, components/islands/README.md), or the one named;
 * on a React page, its root container. An island says so on its element once its hydration has
 * committed (`data-island-state`); React marks the container at the start of hydrateRoot, before
 * its event handlers are attached, so that mark alone would let a test press a button too early.
 */
export function isHydrated(page: Page, island?: string): Promise<boolean> {
  return page.evaluate((name) => {
    const owned = (container: Element | null) =>
      container !== null &&
      (container.hasAttribute('data-island')
        ? container.getAttribute('data-island-state') === 'hydrated'
        : Object.keys(container).some((key) => key.startsWith('__reactContainer')))
    if (name) return owned(document.querySelector(`[data-island="${name}"]`))
    const near = (island: Element) =>
      [...island.children].some((child) => {
        const box = child.getBoundingClientRect()
        return box.bottom > -200 && box.top < window.innerHeight + 200
      })
    const islands = [...document.querySelectorAll('[data-island]')]
    if (islands.length === 0) return owned(document.getElementById('root'))
    return islands.filter(near).every(owned)
  }, island)
}

/**
 * Waits until React has attached (see isHydrated). Islands start after the page's load event or
 * at the visitor's first touch (decision 023); input made earlier is replayed, but a test that
 * drives a widget by keyboard first waits for this, as a visitor's second key press would.
 */
export async function waitForHydration(page: Page, island?: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => isHydrated(page, island), { timeout }).toBe(true)
}
