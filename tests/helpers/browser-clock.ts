// Reading time is time, counted by the page's own clock (lib/documents/reading-clock.ts): a test
// that must stay on a page for a while waits by that clock, not by its own.
import type { Page } from '@playwright/test'

/** Stays on the page for `ms` by the browser's own clock (performance.now()). */
export async function stay(page: Page, ms: number): Promise<void> {
  const since = await page.evaluate(() => performance.now())
  await page.waitForFunction(({ since, ms }) => performance.now() > since + ms, { since, ms })
}
