import { expect, test } from '@playwright/test'
import { cspRefusals } from './helpers/csp-refusals.ts'
import { gatePageHeadings } from './helpers/route-headings.ts'
import { resizeViewport } from './helpers/viewport.ts'

// Every route of docs/original-behaviour.md §2 answers with its page and a real heading. The
// public pages are held so by the accessibility checks, from the load axe judges (a11y.spec.ts).
for (const [path, heading] of gatePageHeadings) {
  test(`${path} answers with its heading`, async ({ page }) => {
    const refused = cspRefusals(page)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    expect(refused).toEqual([])
  })
}

test('unknown path shows the 404 page with status 404 and noindex', async ({ page }) => {
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  // The request's id for a report to quote (decision 057), still there once React has hydrated.
  const requestId = response?.headers()['x-request-id'] ?? ''
  await page.waitForLoadState('networkidle')
  await expect(page.getByText(`Reference: ${requestId}`)).toBeVisible()
  // On a phone the id takes its own line whole, so it can be read and typed back in one piece.
  await resizeViewport(page, { width: 375, height: 812 })
  const id = page.locator('.error-page__reference code')
  const lineHeight = await id.evaluate((code) => Number.parseFloat(getComputedStyle(code).lineHeight))
  expect((await id.boundingBox())?.height).toBeLessThan(lineHeight * 1.5)
  await resizeViewport(page, { width: 1440, height: 900 })
  expect(messages.filter((message) => /hydrat/i.test(message))).toEqual([])
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Meet the RM5/)
})

test('header links navigate and mark the active link with a dot and aria-current', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [label, path] of [
    ['Experience', '/experience'],
    ['Technology', '/technology'],
    ['Company', '/company'],
    ['Careers', '/careers'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    const active = nav.getByRole('link', { name: label })
    await expect(active).toHaveAttribute('aria-current', 'page')
    await expect(active.locator('.nav-dot')).toHaveCount(1)
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  }
  await nav.getByRole('link', { name: 'Retailer Access' }).click()
  await expect(page).toHaveURL(/\/apply$/)
  await nav.getByRole('link', { name: 'RM5 home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('footer has every link of the spec', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [label, href] of [
    ['Experience', '/experience'],
    ['Technology', '/technology'],
    ['Company', '/company'],
    ['Careers', '/careers'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Retailer Access', '/apply'],
  ] as const) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
  }
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1)
  await expect(footer).toContainText('© 2025')
})

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Technology' }).click()
  await expect(page).toHaveURL(/\/technology$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
