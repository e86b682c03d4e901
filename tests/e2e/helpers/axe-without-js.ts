import type { Page } from '@playwright/test'
import { axeViolations, type Violation, wcagAxe } from '../../helpers/axe.ts'

/**
 * Runs axe on a page whose JavaScript is off. The page's own scripts stay off; axe itself is
 * evaluated by Playwright, but it schedules its work with setTimeout, and a page with scripting
 * disabled never fires timers. So, for the time of the check only, the page's setTimeout queues
 * callbacks and this side runs them, one evaluation after another, until axe has answered.
 */
export async function blockingViolationsWithoutJs(page: Page): Promise<Violation[]> {
  await page.evaluate(() => {
    const queue: Array<() => void> = []
    const scope = window as unknown as { runQueuedTimers: () => void }
    scope.runQueuedTimers = () => {
      for (const callback of queue.splice(0)) callback()
    }
    window.setTimeout = ((callback: (...args: unknown[]) => void, _delay?: number, ...args: unknown[]) =>
      queue.push(() => callback(...args))) as typeof window.setTimeout
    window.clearTimeout = () => {}
  })
  let analysed = false
  const pump = (async () => {
    while (!analysed) {
      await page.evaluate(() => (window as unknown as { runQueuedTimers: () => void }).runQueuedTimers())
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  try {
    return await axeViolations(wcagAxe(page))
  } finally {
    analysed = true
    await pump
  }
}
