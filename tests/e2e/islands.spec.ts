import { type Browser, expect, type Page, type Route, test } from '@playwright/test'
import { isHydrated, waitForHydration } from './helpers/hydration'

// The home, technology and careers pages are HTML-only with React islands (decision 020): before
// the load event they fetch only a few KB of script (the header's behaviour and the islands'
// starter), so React never shares the connection with the hero image; the islands then load and
// hydrate, at once on the visitor's first input; a button pressed before React attached is
// pressed again once it has.

interface ScriptTiming {
  path: string
  start: number
  bytes: number
}

/** Every script the page fetched, with its start time and transferred size, and the load event. */
function scriptTimings(page: Page): Promise<{ scripts: ScriptTiming[]; loadEvent: number }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        bytes: entry.encodedBodySize,
      }))
    return { scripts, loadEvent: navigation?.loadEventStart ?? 0 }
  })
}

/** The scripts of `path` fetched before its load event: what a page needs for its first paint. */
async function firstLoadScripts(browser: Browser, baseURL: string, path: string): Promise<Set<string>> {
  const page = await browser.newPage({ baseURL })
  await page.goto(path)
  await waitForHydration(page)
  const { scripts, loadEvent } = await scriptTimings(page)
  await page.close()
  return new Set(scripts.filter((script) => script.start < loadEvent).map((script) => script.path))
}

/** Holds every script request outside `allowed` until the returned function is called. */
async function holdScriptsExcept(page: Page, allowed: Set<string>): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.+\.js$/, async (route: Route) => {
    if (!allowed.has(new URL(route.request().url()).pathname)) await released
    await route.continue()
  })
  return release
}

const ISLANDS: Record<string, string[]> = {
  '/': ['home'],
  '/technology': ['capability-map', 'autonomy-film'],
  '/careers': ['careers-film'],
}

for (const [path, islands] of Object.entries(ISLANDS))
  for (const width of [375, 1440]) {
    test(`${path} at ${width} px: only a few KB of script before the load event, React after it, and it hydrates`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 860 })
      await page.goto(path)
      await waitForHydration(page)
      const { scripts, loadEvent } = await scriptTimings(page)
      const early = scripts.filter((script) => script.start < loadEvent)
      const late = scripts.filter((script) => script.start >= loadEvent)
      expect(early.length).toBeGreaterThan(0)
      expect(early.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThan(5 * 1024)
      // React and the islands' components, fetched once the page had loaded.
      expect(late.reduce((sum, script) => sum + script.bytes, 0)).toBeGreaterThan(50 * 1024)
      // As served: no modulepreload, and each island in the server HTML.
      const html = await (await page.request.get(path)).text()
      expect(html).not.toContain('rel="modulepreload"')
      for (const island of islands) expect(html).toContain(`data-island="${island}"`)
    })
  }

test("the visitor's first input starts the island while the page is still loading", async ({ page }) => {
  // The hero never arrives, so the load event never fires: only input can start the island.
  await page.route(/\/media\/video\/rm5-demo\/poster/, () => {})
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await expect(page.locator('.meet-card--action')).toBeVisible()
  // Vike's entry is an async module script: it may run after DOMContentLoaded. It attaches the
  // header's behaviour and registers the island's start in one synchronous evaluation, so once
  // the header is marked, a key press is heard (before then a visitor's key would not start the
  // island; the load event would).
  await expect(page.locator('header.site-header')).toHaveAttribute('data-behaviour', 'attached')
  expect(await isHydrated(page)).toBe(false)
  await page.keyboard.press('Tab')
  await waitForHydration(page)
})

test('a button pressed before React attached is pressed again once it has', async ({
  page,
  browser,
  baseURL,
}) => {
  const release = await holdScriptsExcept(page, await firstLoadScripts(browser, baseURL ?? '', '/'))
  await page.goto('/')
  const meet = page.locator('.meet-card--action')
  await meet.click()
  expect(await isHydrated(page)).toBe(false)
  await expect(page.locator('dialog.video-dialog')).not.toBeVisible()
  release()
  await expect(page.locator('dialog.video-dialog')).toBeVisible()
})

test('the header menu works before React has loaded, and toggles once after hydration', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const release = await holdScriptsExcept(page, await firstLoadScripts(browser, baseURL ?? '', '/'))
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Menu' })
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  expect(await isHydrated(page)).toBe(false)
  release()
  await waitForHydration(page)
  // The header is outside the island: its press is not replayed (that would close the menu).
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden()
})
