import { expect, type Page, test } from '@playwright/test'

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

/** The desktop and phone sizes the pages are looked at in. */
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 375, height: 812 }

/**
 * Screenshots of the page as it is now at 1440 px and at 375 px, `<name>-1440.png` and
 * `<name>-375.png` in the test's output, for whoever changes the page to look at. Each is taken
 * once the layout has the new width, after `check` (e.g. axe) has judged that layout; the viewport
 * is 1440 × 900 again after.
 */
export async function photographWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean; check?: (page: Page) => Promise<void> } = {},
) {
  for (const size of [DESKTOP, PHONE]) {
    await resizeViewport(page, size)
    await options.check?.(page)
    await page.screenshot({
      path: test.info().outputPath(`${name}-${size.width}.png`),
      fullPage: options.fullPage,
    })
  }
  await resizeViewport(page, DESKTOP)
}
