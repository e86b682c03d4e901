import { expect, test } from '@playwright/test'
import { publicPaths } from '../../../lib/routes.ts'
import { blockingViolationsWithoutJs } from '../helpers/axe-without-js.ts'
import { deadControls } from '../helpers/controls.ts'
import { phoneMenu } from '../helpers/phone-menu.ts'

// Every public page as a browser without JavaScript gets it, at phone and desktop widths: it loads
// whole (its one h1), every control in its header and main does something by itself (decisions
// 022 and 023, tests/e2e/helpers/controls.ts), and axe (WCAG 2.0 A/AA and 2.1 AA) finds no serious
// violation. The fallbacks (all eight capabilities, the viewer's still, the native film players,
// the menu as a dialog the browser opens) are pages of their own and must be as accessible as the
// enhanced ones. All of it is read from one load of each page and width.

const NOT_FOUND = '/no-such-page-here'
const PATHS = [...publicPaths, '/compass', NOT_FOUND]

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } })
    for (const path of PATHS) {
      test(`${path} loads whole, every control does something and no serious or critical axe violation without JavaScript`, async ({
        page,
      }) => {
        const response = await page.goto(path)
        expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200)
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        expect(await deadControls(page)).toEqual([])
        if (path === NOT_FOUND) {
          await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
        }
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
