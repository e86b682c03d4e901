import { expect, type Page } from '@playwright/test'

/** Whether React has attached to the page (its root container carries React's key). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}

/**
 * Waits until React has attached. Pages with a hero load their app after the hero has painted
 * (decision 011): a button pressed earlier is pressed again after hydration, but keys are not
 * replayed, so a test driving a widget by keyboard first waits for this, as a visitor's second
 * key press would.
 */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await expect.poll(() => isHydrated(page), { timeout }).toBe(true)
}
