import { expect, type Page, type Route, test } from '@playwright/test'
import { isHydrated, waitForHydration } from './helpers/hydration'

// Pages with a hero fetch their app only after the hero has painted (decision 011): the starter
// names the scripts, waits for the hero's largest-contentful-paint entry (or the visitor's first
// input, or load + 1 s), then imports them; a button pressed before React attached is pressed
// again once it has; the header's menu works before React.

const APP_SCRIPT = /\/assets\/(entries|chunks)\/.+\.js$/

/** Start times of the app's script requests, as the page's own resource timing saw them. */
function appScriptStarts(page: Page): Promise<number[]> {
  return page.evaluate((source) => {
    const pattern = new RegExp(source)
    return performance
      .getEntriesByType('resource')
      .filter((entry) => pattern.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime)
  }, APP_SCRIPT.source)
}

/** Holds every request matching `pattern` until the returned function is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

// The app's scripts never share the link with the hero image: each is requested after the hero
// has arrived (the starter waits for its paint: its LCP entry on a phone, its load plus a few
// frames on a desktop where a headline can be the largest paint).
for (const width of [375, 1440])
  for (const path of ['/', '/technology', '/circlek']) {
    test(`${path} at ${width} px: the app's scripts are requested after the hero has arrived, and it hydrates`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 860 })
      // Recorded from the first byte: whether the hero was the page's largest paint.
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LargestContentfulPaint[])
            if (entry.element instanceof HTMLImageElement && entry.element.fetchPriority === 'high')
              (window as unknown as { heroPainted?: boolean }).heroPainted = true
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      })
      await page.goto(path)
      await waitForHydration(page)
      const { heroPainted, heroArrived } = await page.evaluate(() => {
        const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
        const fetches = performance
          .getEntriesByType('resource')
          .filter((entry): entry is PerformanceResourceTiming => entry.name === hero?.currentSrc)
        return {
          heroPainted: (window as unknown as { heroPainted?: boolean }).heroPainted === true,
          heroArrived: fetches.length ? Math.min(...fetches.map((entry) => entry.responseEnd)) : undefined,
        }
      })
      if (width === 375) expect(heroPainted, 'the hero is the largest paint on a phone').toBe(true)
      expect(heroArrived).toBeGreaterThan(0)
      const starts = await appScriptStarts(page)
      expect(starts.length).toBeGreaterThan(3)
      for (const start of starts)
        expect(start).toBeGreaterThanOrEqual(heroArrived ?? Number.POSITIVE_INFINITY)
      // As served: no modulepreload and one module script, the starter, naming the app's scripts.
      const html = await (await page.request.get(path)).text()
      expect(html).not.toContain('rel="modulepreload"')
      expect(html).toMatch(
        /<script src="\/assets\/static\/app-start\.[\w-]+\.js" type="module" data-app-entry="/,
      )
    })
  }

test("the visitor's first input starts the app even while the hero is still loading", async ({ page }) => {
  // The hero never arrives: no LCP entry for it and no load event, so only input can start the app.
  await page.route(/\/media\/video\/rm5-demo\/poster/, () => {})
  const scripts: string[] = []
  page.on('request', (request) => {
    if (APP_SCRIPT.test(new URL(request.url()).pathname)) scripts.push(request.url())
  })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForTimeout(1500)
  expect(scripts, 'nothing fetched before the hero or an input').toEqual([])
  await page.keyboard.press('Tab')
  await waitForHydration(page)
  expect(scripts.length).toBeGreaterThan(3)
})

test('a hero that fails to load does not keep the app waiting', async ({ page }) => {
  await page.route(/\/media\/video\/rm5-demo\/poster/, (route) => route.abort())
  await page.goto('/')
  await waitForHydration(page)
})

test('a button pressed before React attached is pressed again once it has', async ({ page }) => {
  const release = await hold(page, /\/assets\/entries\/entry-server-routing\.[\w-]+\.js$/)
  await page.goto('/')
  const meet = page.locator('.meet-card--action')
  await meet.click()
  expect(await isHydrated(page)).toBe(false)
  await expect(page.locator('dialog.video-dialog')).not.toBeVisible()
  release()
  await expect(page.locator('dialog.video-dialog')).toBeVisible()
})

test('the header menu works before React has loaded, and once only after hydration', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const release = await hold(page, /\/assets\/entries\/entry-server-routing\.[\w-]+\.js$/)
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Menu' })
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  expect(await isHydrated(page)).toBe(false)
  release()
  await waitForHydration(page)
  // Not replayed (that would close it) and not attached twice (one click toggles once).
  await page.waitForTimeout(300)
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden()
})
