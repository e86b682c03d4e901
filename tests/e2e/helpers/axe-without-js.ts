import type { Page } from '@playwright/test'
import { axeViolations, type Violation, wcagAxe } from '../../helpers/axe.ts'

/**
 * Runs axe on a page whose JavaScript is off. The page's own scripts stay off; axe itself is
 * evaluated by Playwright, but it schedules its work with setTimeout, and a page with scripting
 * disabled never fires timers. Promise reactions still run after each evaluation, so for the time
 * of the check setTimeout queues its callback as one: axe's work runs inside its own evaluation.
 */
export async function blockingViolationsWithoutJs(page: Page): Promise<Violation[]> {
  await page.evaluate(() => {
    window.setTimeout = ((callback: (...args: unknown[]) => void, _delay?: number, ...args: unknown[]) => {
      void Promise.resolve().then(() => callback(...args))
      return 0
    }) as typeof window.setTimeout
    window.clearTimeout = () => {}
  })
  return await axeViolations(wcagAxe(page))
}
