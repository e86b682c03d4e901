// The console's Visitors page without JavaScript, on a phone (issue 47): a visit counted by the
// server shows in its sources, the chart is an SVG drawn by the server with its table, and the
// period picker is a plain GET form.

import { randomBytes } from 'node:crypto'
import { expect } from '@playwright/test'
import { consoleMenu, photograph, signInAsNewOwner } from '../helpers/admin-console.ts'
import { rm5 } from '../helpers/cli.ts'
import { test } from '../helpers/visitor.ts'

test('the Visitors page draws its chart and tables without JavaScript at 375 px', async ({ page }) => {
  test.setTimeout(60_000)
  // A source no other run used: the e2e server may be reused.
  const source = `e2e-${randomBytes(4).toString('hex')}`
  await page.goto(`/?utm_source=${source}`)
  await page.goto('/company')
  // Written behind within a second or so: the CLI reads the database until they are there.
  await expect(async () => {
    const sources = JSON.parse(await rm5(['analytics', 'sources', '--json']))
    expect(sources.sources.map((row: { source: string }) => row.source)).toContain(source)
  }).toPass({ timeout: 20_000 })

  await signInAsNewOwner(page)
  await page.setViewportSize({ width: 375, height: 800 })
  // On a phone the console's menu folds away; its Visitors link is there all the same.
  await expect(consoleMenu(page).getByRole('link', { name: 'Visitors', exact: true })).toHaveAttribute(
    'href',
    '/admin/visitors',
  )
  await page.goto('/admin/visitors')
  await expect(page.getByRole('heading', { level: 1, name: 'Visitors' })).toBeVisible()
  const chart = page.getByRole('img', { name: /^Visitors: \d+ in the last 30 days/ })
  await expect(chart).toBeVisible()
  expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg')
  const panel = page.locator('section[aria-labelledby="visitors-per-day-title"]')
  await panel.getByText('Figures per day').click()
  await expect(panel.getByRole('table', { name: 'Visitors per day' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Top sources' }).getByText(source, { exact: true }),
  ).toBeVisible()

  // The period picker: a GET form, no script.
  await page.getByLabel('Period', { exact: true }).selectOption('7')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page).toHaveURL(/[?&]days=7/)
  await expect(page.getByRole('img', { name: /^Visitors: \d+ in the last 7 days/ })).toBeVisible()
  // Typed dates are shown whatever the period above them says.
  await page.getByLabel('From').fill('2026-01-01')
  await page.getByLabel('To', { exact: true }).fill('2026-01-10')
  await page.getByRole('button', { name: 'Show these dates' }).click()
  await expect(page.getByText('2026-01-01 to 2026-01-10 (UTC)', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('img', { name: /^Visitors: none from 2026-01-01 to 2026-01-10/ })).toBeVisible()
  await page.getByLabel('Period', { exact: true }).selectOption('30')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await photograph(page, 'visitors')
})
