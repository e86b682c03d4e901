import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers/hydration.ts'

// The e2e server runs with a BRAND_COMPANY that the build never saw (playwright.config.ts): the
// pre-rendered pages, the HTML-only pages and the hydrated app all show it, and hydration finds
// exactly what the server rendered.
const company = process.env.BRAND_COMPANY as string

for (const path of ['/', '/apply']) {
  test(`${path} hydrates with the runtime brand and no error`, async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.locator('footer')).toContainText(company)
    expect(errors).toEqual([])
  })
}

test('an HTML-only page shows the runtime brand', async ({ page }) => {
  await page.goto('/company')
  await expect(page.locator('main')).toContainText(company)
  await expect(page.locator('footer')).toContainText(company)
})
