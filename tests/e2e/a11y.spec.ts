import { expect, test } from '@playwright/test'
import { publicPaths } from '../../lib/routes.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { cspRefusals } from './helpers/csp-refusals.ts'
import { publicPageHeadings } from './helpers/route-headings.ts'

// axe (WCAG 2.0 A/AA and 2.1 AA) on every public page at phone and desktop widths, plus the
// structure axe cannot judge alone: one h1 with the page's words, landmarks, the skip link and
// visible focus, and nothing refused by the Content-Security-Policy. All of it is read from the
// same load axe judges: one page load for each page and width.

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    // With reduced motion the scroll fade-ins are off: every section is in its final, visible
    // state from the start (renderer/styles/motion.css), so colours are measured as readers see
    // them without scrolling through the page and waiting for transitions.
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 }, reducedMotion: 'reduce' })

    for (const path of publicPaths) {
      test(`${path} answers with its one h1, the page landmarks, nothing refused by the CSP and no serious or critical axe violation`, async ({
        page,
      }) => {
        const refused = cspRefusals(page)
        const response = await page.goto(path)
        expect(response?.status()).toBe(200)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicPageHeadings[path])
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        await expect(page.getByRole('banner')).toHaveCount(1)
        await expect(page.getByRole('main')).toHaveCount(1)
        await expect(page.getByRole('contentinfo')).toHaveCount(1)
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expect(page.locator('[data-reveal="waiting"]')).toHaveCount(0)
        expect(refused).toEqual([])
        await expectNoSeriousViolation(page)
      })
    }
  })
}

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/technology')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
  await expect(page.getByRole('main')).toBeFocused()
})

test('keyboard focus is visible', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  const focused = page.locator(':focus')
  await expect(focused).toHaveAccessibleName('RM5 home')
  const outline = await focused.evaluate((element) => {
    const style = getComputedStyle(element)
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) }
  })
  expect(outline.style).not.toBe('none')
  expect(outline.width).toBeGreaterThanOrEqual(2)
})
