import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './helpers/hydration.ts'
import { isModal, phoneMenu } from './helpers/phone-menu.ts'

// Each page carries the site's CSS in one <style> (decision 020): no stylesheet request blocks the
// first paint or follows at hydration, and a link loads the next page whole (server routing),
// styled by its own inline rules. Pages rendered for each view link it instead
// (tests/server/data-room-pages.test.ts).

function cssRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css'))
      urls.push(new URL(request.url()).pathname)
  })
  return urls
}

const capabilityMapDisplay = (page: Page) =>
  page
    .locator('.capability-map')
    .first()
    .evaluate((el) => getComputedStyle(el).display)

test('the home page paints from its inline styles and fetches no stylesheet, even after hydration', async ({
  page,
}) => {
  const css = cssRequests(page)
  await page.goto('/', { waitUntil: 'networkidle' })
  // Styled by the inline rules: the hero is laid out as its stylesheet says.
  await expect(page.locator('.home-hero')).toHaveCSS('position', 'relative')
  await waitForHydration(page)
  // As served: one <style> and no stylesheet link.
  const html = await (await page.request.get('/')).text()
  expect(html.match(/<style>/g)).toHaveLength(1)
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/)
  expect(css).toEqual([])
})

test('a link loads the next page whole, styled by its own inline rules', async ({ page }) => {
  await page.goto('/technology')
  const direct = await capabilityMapDisplay(page)
  expect(direct).toBe('grid')

  const css = cssRequests(page)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.locator('.site-header__links a[href="/technology"]').click()
  await expect(page).toHaveURL(/\/technology$/)
  await expect(page.locator('.capability-map').first()).toBeVisible()
  expect(await capabilityMapDisplay(page)).toBe(direct)
  expect(documents).toEqual(['/', '/technology'])
  expect(css).toEqual([])
})

// Text pages are HTML-only: no React, no router, only the header's few hundred bytes of script.
for (const path of ['/company', '/experience', '/privacy', '/terms']) {
  test(`${path} is HTML-only: a few KB of script, and the menu still works`, async ({ page }) => {
    const scripts: Promise<number>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.body().then((body) => body.length))
    })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(path, { waitUntil: 'networkidle' })
    const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0)
    expect(scripts.length).toBeGreaterThan(0)
    expect(bytes).toBeLessThan(5 * 1024)
    await expect(page.getByRole('banner')).toHaveAttribute('data-behaviour', 'attached')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    expect(await isModal(menu.dialog)).toBe(true)
  })
}
