import { type Browser, expect, type Page, test } from '@playwright/test'
import { dragHorizontally } from '../helpers/drag.ts'
import { firstLoadScripts, holdScriptsExcept } from '../helpers/hold-scripts.ts'
import { isModal, phoneMenu } from '../helpers/phone-menu.ts'

// Scripts held back by routing until the test releases them (components/islands/README.md): what
// the visitor does before an island has hydrated is delayed, never lost. Only the page's first-load
// scripts (Vike's entry, the header's behaviour, the islands' starter) pass; React and the
// islands' components wait.

async function holdIslands(page: Page, browser: Browser, baseURL: string, path: string) {
  const release = await holdScriptsExcept(page, await firstLoadScripts(browser, baseURL, path))
  await page.goto(path)
  // The entry has run: the islands' recorders are listening.
  await expect(page.locator('header.site-header')).toHaveAttribute('data-behaviour', 'attached')
  return release
}

const state = (page: Page, island: string) => page.locator(`[data-island="${island}"]`)

test('"Meet the RM5" pressed early opens the dialog once the island hydrates, and stays on the page', async ({
  page,
  browser,
  baseURL,
}) => {
  const release = await holdIslands(page, browser, baseURL ?? '', '/')
  await page.getByRole('link', { name: /Meet the RM5/ }).click()
  await expect(state(page, 'meet-rm5')).toHaveAttribute('data-island-state', 'loading')
  await expect(page.locator('dialog.video-dialog')).toBeHidden()
  release()
  await expect(page.getByRole('dialog', { name: 'Meet the RM5' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('a capability pressed early is the selected tab once the map hydrates', async ({
  page,
  browser,
  baseURL,
}) => {
  const release = await holdIslands(page, browser, baseURL ?? '', '/technology')
  await page.getByRole('link', { name: /Route Optimization/ }).click()
  await expect(state(page, 'capability-map')).toHaveAttribute('data-island-state', 'loading')
  release()
  const tab = page.getByRole('tab', { name: /Route Optimization/ })
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: /Route Optimization/ })).toBeVisible()
  await expect(page.getByRole('tabpanel')).toHaveCount(1)
})

test('the 360° viewer dragged early turns once it has hydrated and has its frames', async ({
  page,
  browser,
  baseURL,
}) => {
  const release = await holdIslands(page, browser, baseURL ?? '', '/')
  const surface = page.locator('.turntable__surface')
  await surface.scrollIntoViewIfNeeded()
  const image = page.locator('.turntable__image')
  await expect(image).toHaveAttribute('src', /\/rm5_1\.jpg$/)
  await dragHorizontally(page, surface, -46, 5)
  await expect(state(page, 'turntable')).toHaveAttribute('data-island-state', 'loading')
  await expect(image).toHaveAttribute('src', /\/rm5_1\.jpg$/)
  release()
  // 46 px to the left: three frames forward.
  await expect(image).toHaveAttribute('src', /\/rm5_4\.jpg$/)
  await expect(page.locator('.turntable')).toHaveAttribute('data-state', 'ready')
})

test('a hover on the showcase frames made early opens the locker once they hydrate', async ({
  page,
  browser,
  baseURL,
}) => {
  // The frames' steps are motion: a visitor's default, no preference (the suite's default is reduce).
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  const release = await holdIslands(page, browser, baseURL ?? '', '/')
  const frames = page.locator('.hero-frames')
  await frames.scrollIntoViewIfNeeded()
  await frames.hover()
  await expect(state(page, 'showcase-media')).toHaveAttribute('data-island-state', 'loading')
  release()
  await expect(frames).toHaveAttribute('data-active', '')
})

test.describe('phone menu', () => {
  test.use({ viewport: { width: 375, height: 812 } })
  test('opens before any island has loaded, and stays open through hydration', async ({
    page,
    browser,
    baseURL,
  }) => {
    const release = await holdIslands(page, browser, baseURL ?? '', '/')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    release()
    await expect(state(page, 'meet-rm5')).toHaveAttribute('data-island-state', 'hydrated')
    await expect(menu.nav).toBeVisible()
    expect(await isModal(menu.dialog)).toBe(true)
    await menu.close.click()
    await expect(menu.nav).toBeHidden()
    await expect(menu.button).toBeFocused()
  })
})
