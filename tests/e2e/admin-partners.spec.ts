// The console's partners and agreements pages in Chromium with JavaScript: an owner adds a
// partner, edits its theme while the gate's preview follows the typing, removes it through the
// confirm step, and the audit log says who; the agreements page lists a version `rm5 agreements
// set` made; every new page passes axe and is photographed at 375 px and 1440 px.
import { writeFile } from 'node:fs/promises'
import { expect } from '@playwright/test'
import {
  auditLines,
  consoleMenu,
  photograph,
  sidewaysOverflow,
  signInAsNewOwner,
} from './helpers/admin-console.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { rm5 } from './helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

test('an owner adds a partner, themes it with a live preview, removes it, and the audit log says who', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const email = await signInAsNewOwner(page)
  const slug = `e2e-${email.slice(4, 12)}`

  await consoleMenu(page).getByRole('link', { name: 'Partners', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible()
  // The schema's refusal, in the error summary, with the field marked.
  await page.getByLabel('Slug (the gate is /slug)').fill('Not A Slug')
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expect(page.getByRole('link', { name: /is not a usable slug/ })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousViolation(page)
  await photograph(page, 'partners')

  await page.getByLabel('Slug (the gate is /slug)').fill(slug)
  await page.getByLabel('Name', { exact: true }).fill('Kroger E2E')
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByRole('heading', { name: 'Partner added' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Kroger E2E' })).toBeVisible()

  // The preview follows the typing (console.js asks the server for the picture again).
  const preview = page.locator('#partner-preview')
  await expect(preview).toHaveAttribute('src', /tint=%235aa9ff/)
  await page.getByLabel('Tint', { exact: true }).fill('#1f6feb')
  await page.getByLabel('Monogram').fill('KR')
  await expect(preview).toHaveAttribute('src', /tint=%231f6feb.*monogram=KR/)
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(720)
  await expectNoSeriousViolation(page)
  await photograph(page, 'partner')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: 'Changes saved' })).toBeVisible()
  await expect(page.getByLabel('Tint', { exact: true })).toHaveValue('#1f6feb')
  // The gate itself has the new theme (this server's directory follows at once).
  const gate = await page.request.get(`/${slug}`)
  expect(gate.status()).toBe(200)
  expect(await gate.text()).toContain('--gate-tint:#1f6feb')
  // The list shows the tint as a colour beside its value.
  await consoleMenu(page).getByRole('link', { name: 'Partners', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: `/${slug}` })
  await expect(row.locator('.swatch rect')).toHaveAttribute('fill', '#1f6feb')
  await expect(row.locator('.swatch code')).toHaveText('#1f6feb')
  await photograph(page, 'partners-listed')

  // An agreement for this gate (its own, so no other test's gate changes), for the agreements page.
  const nda = test.info().outputPath('nda.md')
  await writeFile(nda, '# Non-disclosure\n\nKeep it to yourself.\n')
  await rm5(['agreements', 'set', slug, nda])
  await consoleMenu(page).getByRole('link', { name: 'Agreements', exact: true }).click()
  await expect(page.getByRole('cell', { name: 'Kroger E2E' }).first()).toBeVisible()
  await expectNoSeriousViolation(page)
  await photograph(page, 'agreements')
  await page.goto(`/admin/partners/${slug}`)

  await page.getByRole('link', { name: 'Remove Kroger E2E…' }).click()
  await expect(page.getByRole('heading', { name: 'Remove Kroger E2E?' })).toBeVisible()
  await expectNoSeriousViolation(page)
  await photograph(page, 'partner-remove')
  await page.getByRole('button', { name: 'Remove Kroger E2E' }).click()
  await expect(page.getByRole('heading', { name: 'Partner removed' })).toBeVisible()
  expect((await page.request.get(`/${slug}`)).status()).toBe(404)

  expect((await auditLines(page, email)).slice(0, 3)).toEqual([
    `${email} partner.remove`,
    `${email} partner.set`,
    `${email} partner.add`,
  ])
})

test('a partner named with one long word widens no page: it breaks in headings, notices and tables', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = await signInAsNewOwner(page)
  const slug = `long-${email.slice(4, 12)}`
  // The longest name the form takes, with no space to break at.
  const name = `Kroger${'x'.repeat(54)}`
  await consoleMenu(page).getByRole('link', { name: 'Partners', exact: true }).click()
  await page.getByLabel('Slug (the gate is /slug)').fill(slug)
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const partnerPage = page.url()
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    for (const url of [partnerPage, `${new URL(partnerPage).pathname}/remove`, '/admin/partners']) {
      await page.goto(url)
      const overflow = await sidewaysOverflow(page)
      expect(overflow.page, `${url} at ${width} px ${JSON.stringify(overflow.wide)}`).toBeLessThanOrEqual(
        width,
      )
      expect(Math.max(0, ...overflow.tables), `${url}'s tables at ${width} px`).toBe(0)
    }
  }
})
