import { expect, type Page } from '@playwright/test'

/**
 * Resizes the page's viewport and waits until the page's media queries see the new width. Read
 * right after `setViewportSize`, a layout can still carry the old width's rules (a two-column grid
 * at a phone's width), so a test that measures or photographs after a resize waits for this.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size)
  await expect
    .poll(() => page.evaluate((width) => matchMedia(`(width: ${width}px)`).matches, size.width))
    .toBe(true)
}
