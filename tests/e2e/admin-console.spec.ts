// The admin console in Chromium with JavaScript, on the fresh e2e server: the first owner gets in
// with the link the CLI prints, generates a code (shown once, with a copy button), revokes it, and
// the audit log lists each step with who did it; every page passes axe; sign-out ends the session.
import { expect } from '@playwright/test'
import {
  auditLines,
  confirmAction,
  consoleMenu,
  generateCode,
  photograph,
  sidewaysOverflow,
  signInAsNewOwner,
} from './helpers/admin-console.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { resizeViewport } from './helpers/viewport.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

test('the first owner signs in with a printed link, generates and revokes a code, and the audit log says who', async ({
  page,
  context,
}) => {
  // Several pages, each checked with axe.
  test.setTimeout(150_000)
  const email = await signInAsNewOwner(page)
  // Unique on a reused e2e server, where earlier runs left their codes.
  const label = `Dana Ops, e2e ${email.slice(4, 12)}`
  await expectNoSeriousViolation(page)
  // The chart of each figure has its numbers beside it.
  await expect(page.getByRole('img', { name: /^Docket openings: / })).toBeVisible()

  const code = await generateCode(page, label)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy' }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  await expectNoSeriousViolation(page)

  await confirmAction(page, `Revoke code ${label}`, 'Revoke this code? Its sessions end within seconds.')
  await expect(page.getByRole('heading', { name: 'Code revoked' })).toBeVisible()
  // Shown once: the codes page never shows it again.
  await expect(page.getByText(code)).toHaveCount(0)

  expect(await auditLines(page, email)).toEqual([
    `${email} code.revoke`,
    `${email} code.generate`,
    `${email} session.sign-in`,
  ])
  await expectNoSeriousViolation(page)
  // The CLI's steps, by the shell's user.
  expect(await auditLines(page, 'cli@')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^cli@\S+ admin\.link$/),
      expect.stringMatching(/^cli@\S+ admin\.add$/),
    ]),
  )

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})

test('every console page preloads the font its stylesheet names, so a first page is drawn in it too', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page)
  await page.goto('/admin/sign-in')
  const preloaded = await page.locator('link[rel="preload"][as="font"]').getAttribute('href')
  const css = await (await page.request.get('/admin/assets/console.css')).text()
  expect(css).toContain(
    `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: fallback;`,
  )
  expect(css).toContain(`src: url("${preloaded}")`)
  const font = await page.request.get(String(preloaded))
  expect([font.status(), font.headers()['content-type']]).toEqual([200, 'font/woff2'])
  // The heading of this first page is drawn in Inter, not in the fallback (Chromium's own answer).
  await page.evaluate(() => document.fonts.ready)
  const { root } = await cdp.send('DOM.getDocument')
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' })
  await cdp.send('CSS.enable')
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
  expect(fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }))).toEqual([
    { familyName: 'Inter', isCustomFont: true },
  ])
})

test('a reload after "Generate code" adds none; at 375 px the tables are stacked rows with their actions on screen', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = await signInAsNewOwner(page)
  const label = `Phone row, e2e ${email.slice(4, 12)}`
  const code = await generateCode(page, label)
  // Post/redirect/get: the reload asks for the page again, posts nothing and shows no code.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Code generated' })).toBeVisible()
  await expect(page.getByText(code)).toHaveCount(0)
  await expect(page.locator('tbody tr', { hasText: label })).toHaveCount(1)
  await photograph(page, 'codes')

  await resizeViewport(page, { width: 375, height: 800 })
  const row = page.locator('tbody tr', { hasText: label })
  const revoke = row.locator('summary', { hasText: `Revoke code ${label}` })
  await revoke.scrollIntoViewIfNeeded()
  const box = await revoke.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  // Nothing scrolls sideways: not the page, not a table inside its card.
  const overflow = await sidewaysOverflow(page)
  expect(overflow.page).toBeLessThanOrEqual(375)
  expect(Math.max(0, ...overflow.tables)).toBe(0)
  await expect(row.locator('td[data-label="Label"]')).toContainText(label)
  // Each cell's content, however many pieces it has, flows in one column beside the column's name.
  const strays = await row.evaluate((tr) =>
    [...tr.querySelectorAll('td')].flatMap((td) => {
      // Right of the name (the cell's ::before), whatever the layout that puts it there.
      const valueLeft =
        td.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(td, '::before').width)
      const range = document.createRange()
      range.selectNodeContents(td)
      return [...range.getClientRects()]
        .filter((rect) => rect.width > 0 && rect.left < valueLeft - 1)
        .map(() => td.dataset.label)
    }),
  )
  expect(strays).toEqual([])

  // The menu is one row that scrolls sideways (twelve links would wrap to four rows above every
  // page), and a page opened on a phone has its own link brought into view.
  await page.goto('/admin/audit')
  const rows = await consoleMenu(page)
    .getByRole('link')
    .evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size)
  expect(rows).toBe(1)
  await expect(consoleMenu(page).getByRole('link', { name: 'Audit log', exact: true })).toBeInViewport({
    ratio: 1,
  })
  // Scrolled away from its start, the row fades at its start side too; back at the start, only at
  // its far end.
  const menuRow = consoleMenu(page).getByRole('list')
  await expect(menuRow).not.toHaveAttribute('data-scrolled', 'start')
  const fadeOf = () => menuRow.evaluate((list) => getComputedStyle(list).maskImage)
  expect(await fadeOf()).toMatch(/^linear-gradient\(to right, (transparent|rgba\(0, 0, 0, 0\))/)
  await menuRow.evaluate((list) => list.scrollTo({ left: 0 }))
  await expect(menuRow).toHaveAttribute('data-scrolled', 'start')
  expect(await fadeOf()).toMatch(/^linear-gradient\(to right, (black|rgb\(0, 0, 0\))/)

  await page.setViewportSize({ width: 1440, height: 900 })
  await auditLines(page, email)
  await expect(page.getByRole('cell', { name: `code “${label}” of Circle K` }).first()).toBeVisible()
  await photograph(page, 'audit')
  await consoleMenu(page).getByRole('link', { name: 'Documents', exact: true }).click()
  await photograph(page, 'upload')
})
