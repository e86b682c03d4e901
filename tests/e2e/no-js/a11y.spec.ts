import { expect, test } from '@playwright/test'
import { publicPaths } from '../../../lib/routes.ts'
import { blockingViolationsWithoutJs } from '../helpers/axe-without-js.ts'
import { phoneMenu } from '../helpers/phone-menu.ts'

// axe (WCAG 2.0 A/AA and 2.1 AA) on every public page as a browser without JavaScript gets it:
// the fallbacks (all eight capabilities, the viewer's still, the native film players, the menu as
// a dialog the browser opens) are pages of their own and must be as accessible as the enhanced ones.

const PATHS = [...publicPaths, '/compass', '/no-such-page-here']

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } })
    for (const path of PATHS) {
      test(`${path} has no serious or critical axe violation without JavaScript`, async ({ page }) => {
        await page.goto(path)
        const blocking = await blockingViolationsWithoutJs(page)
        expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([])
      })
    }
  })
}

test('the phone menu, opened without JavaScript, has no serious or critical axe violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/')
  const menu = phoneMenu(page)
  await menu.button.click()
  await expect(menu.nav).toBeVisible()
  const blocking = await blockingViolationsWithoutJs(page)
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([])
})
