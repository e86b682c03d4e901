import { expect, test } from '@playwright/test'
import { firstLoadScripts, holdScriptsExcept, scriptTimings } from './helpers/hold-scripts.ts'
import { isHydrated, waitForHydration } from './helpers/hydration.ts'
import { isModal, phoneMenu } from './helpers/phone-menu.ts'

// The public pages are HTML-only with React islands (components/islands/README.md, decision 023):
// before the load event they fetch only a few KB of script (the header's behaviour and the
// islands' starter), so React never shares the connection with the hero image; each island then
// loads and hydrates when the visitor reaches it, or at once when they touch it; a press made
// before React attached is replayed once it has (more in slow-scripts/islands.spec.ts).

const ISLANDS: Record<string, string[]> = {
  '/': ['hero-video', 'meet-rm5', 'turntable', 'why-cards', 'showcase-media'],
  '/technology': ['capability-map', 'autonomy-film'],
  '/careers': ['careers-film'],
}

for (const [path, islands] of Object.entries(ISLANDS))
  for (const width of [375, 1440]) {
    test(`${path} at ${width} px: only a few KB of script before the load event, React after it, and each island hydrates`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 860 })
      await page.goto(path)
      for (const island of islands) {
        await page.locator(`[data-island="${island}"] > *`).first().scrollIntoViewIfNeeded()
        await waitForHydration(page, island)
      }
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

test('an island out of view waits until the visitor comes near it', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page, 'meet-rm5')
  const viewer = page.locator('[data-island="turntable"]')
  await expect(viewer).toHaveAttribute('data-island-state', 'waiting')
  expect(await isHydrated(page, 'turntable')).toBe(false)
  await page.locator('.turntable').scrollIntoViewIfNeeded()
  await waitForHydration(page, 'turntable')
  await expect(viewer).toHaveAttribute('data-island-state', 'hydrated')
})

test("the visitor's first touch starts an island while the page is still loading", async ({ page }) => {
  // The hero never arrives, so the load event never fires: only input can start an island.
  await page.route(/\/media\/video\/rm5-demo\/poster/, () => {})
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  // Vike's entry is an async module script: it may run after DOMContentLoaded. It attaches the
  // header's behaviour and registers the islands in one synchronous evaluation, so once the header
  // is marked, a touch is heard.
  await expect(page.locator('header.site-header')).toHaveAttribute('data-behaviour', 'attached')
  expect(await isHydrated(page, 'meet-rm5')).toBe(false)
  await page.locator('.meet-card').focus()
  await waitForHydration(page, 'meet-rm5')
  // Only the island touched: the hero film beside it still waits for the load event.
  expect(await isHydrated(page, 'hero-video')).toBe(false)
})

test('a press made before React attached is replayed once it has', async ({ page, browser, baseURL }) => {
  const release = await holdScriptsExcept(page, await firstLoadScripts(browser, baseURL ?? '', '/'))
  await page.goto('/')
  await expect(page.locator('header.site-header')).toHaveAttribute('data-behaviour', 'attached')
  await page.locator('.meet-card').click()
  expect(await isHydrated(page, 'meet-rm5')).toBe(false)
  await expect(page.locator('dialog.video-dialog')).not.toBeVisible()
  release()
  await expect(page.locator('dialog.video-dialog')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('the header menu works before React has loaded, stays open through hydration and closes after it', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const release = await holdScriptsExcept(page, await firstLoadScripts(browser, baseURL ?? '', '/'))
  await page.goto('/')
  const menu = phoneMenu(page)
  await menu.button.click()
  await expect(menu.nav).toBeVisible()
  expect(await isModal(menu.dialog)).toBe(true)
  expect(await isHydrated(page)).toBe(false)
  release()
  await waitForHydration(page, 'meet-rm5')
  // The header is no island: its press is not replayed, and hydration leaves the dialog as it is.
  await expect(menu.nav).toBeVisible()
  expect(await isModal(menu.dialog)).toBe(true)
  await menu.close.click()
  await expect(menu.nav).toBeHidden()
  await expect(menu.button).toBeFocused()
})
