import { expect, type Page } from '@playwright/test'

/**
 * Whether React has attached to the page: to each of its islands on an HTML-only page with
 * islands (the home page, decision 020), to its root container on a React page. React marks a
 * container it owns with its own key.
 */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const islands = [...document.querySelectorAll('[data-island]')]
    const containers = islands.length > 0 ? islands : [document.getElementById('root')]
    return containers.every(
      (container) =>
        container !== null && Object.keys(container).some((key) => key.startsWith('__reactContainer')),
    )
  })
}

/**
 * Waits until React has attached. Islands load after the page's load event (decision 020): a
 * button pressed earlier is pressed again once React is there, but keys are not replayed, so a
 * test driving a widget by keyboard first waits for this, as a visitor's second key press would.
 */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await expect.poll(() => isHydrated(page), { timeout }).toBe(true)
}
