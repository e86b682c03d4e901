import { writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { blockingViolationsWithoutJs } from '../helpers/axe-without-js.ts'
import { newCode, rm5 } from '../helpers/cli.ts'
import { photographWidths } from '../helpers/viewport.ts'

// Without JavaScript: the docket is a place you are signed into (decision 045). A returning viewer
// is offered "Continue to the documents" on the gate instead of the code; a document that is not
// available is a 404 in the docket's design with the way back; Sign out is a plain form post that
// ends the session on the server, so the cookie the browser held opens nothing afterwards.

// One code and one document for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: 'serial' })

let code: { id: string; code: string }
let documentId: string

test.beforeAll(async () => {
  test.setTimeout(120_000)
  code = await newCode('investor', 'No-JS signed in')
  // A document, so the docket shows its documents band under the session bar.
  const md = test.info().outputPath('update.md')
  await writeFile(md, '# Quarterly update\n\nPilot numbers.\n')
  documentId = JSON.parse(
    await rm5(['documents', 'add', 'investor', md, '--title', 'Quarterly update', '--json']),
  ).id
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  await rm5(['documents', 'remove', documentId])
  await rm5(['codes', 'revoke', code.id])
})

test('continue from the gate, a docket-styled 404, and Sign out ending the session', async ({ page }) => {
  // Two axe runs and six screenshots on a shared machine.
  test.setTimeout(120_000)
  await page.goto('/investor')
  // Not signed in yet: no way on but the code.
  await expect(page.getByRole('link', { name: /Continue to the documents/ })).toHaveCount(0)
  await page.getByLabel('Access Code', { exact: true }).fill(code.code)
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(page).toHaveURL(/\/docket$/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // The docket (the whole home page below its bar) by its first screen only.
  await photographWidths(page, 'docket-signed-in')

  // Back at the gate: straight on, the code form still there for another code.
  await page.goto('/investor')
  const onward = page.getByRole('link', { name: /Continue to the documents/ })
  await expect(onward).toBeVisible()
  await expect(page.getByLabel('Access Code', { exact: true })).toBeVisible()
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await photographWidths(page, 'gate-continue', { fullPage: true })
  await onward.click()
  await expect(page).toHaveURL(/\/docket$/)

  // A document that is not there: 404, as for any path, in the docket's design.
  const missing = await page.goto(`/docket/documents/${'0'.repeat(32)}`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'This document is not available' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await photographWidths(page, 'document-404', { fullPage: true })
  await page.getByRole('link', { name: 'Back to the docket' }).first().click()
  await expect(page).toHaveURL(/\/docket$/)

  // Sign out: the session ends on the server, not only in this browser.
  const held = (await page.context().cookies()).find((cookie) => cookie.name === 'investor-access')
  expect(held).toBeDefined()
  await page.getByRole('button', { name: 'Sign out' }).click()
  // Back at the gate it was opened from, which says so.
  await expect(page).toHaveURL(/\/investor\?notice=signed-out$/)
  await expect(page.getByText('You are signed out')).toBeVisible()
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'investor-access')).toBe(false)
  await page.context().addCookies([held as NonNullable<typeof held>])
  await page.goto('/docket')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/investor')
  await expect(page.getByRole('link', { name: /Continue to the documents/ })).toHaveCount(0)
})

test('without a grant, a document address is the site’s plain 404', async ({ page }) => {
  const res = await page.goto(`/docket/documents/${'0'.repeat(32)}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
})
