// The console from a browser as an admin gets in on a fresh server: `rm5 admins add`, then the
// link `rm5 admins link` prints, opened and confirmed (the server's SITE_URL may name another
// port than the e2e server's, so the link's path is opened on the test's base URL).
import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'
import { rm5 } from './cli.ts'
import { photographWidths } from './viewport.ts'

export async function signInAsNewOwner(page: Page): Promise<string> {
  return signInAsOwner(page, `ops-${randomBytes(4).toString('hex')}@example.com`)
}

/** `rm5 admins add <email> --role owner`, then signs in with the link `rm5 admins link` prints. */
export async function signInAsOwner(page: Page, email: string): Promise<string> {
  await rm5(['admins', 'add', email, '--role', 'owner'])
  const link = new URL((await rm5(['admins', 'link', email])).trim())
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  return email
}

/** A viewer's page passes `gate` with `code` and lands on the docket. */
export async function passGate(viewer: Page, gate: string, code: string): Promise<void> {
  await viewer.goto(`/${gate}`)
  await viewer.getByLabel('Access Code', { exact: true }).fill(code)
  await viewer.getByRole('button', { name: 'Access Docket' }).click()
  await expect(viewer).toHaveURL(/\/docket$/)
}

/**
 * From a document's page in the console, its engagement page once it shows the one opening and
 * page 1 as the most read: views are written behind within seconds, so it is reloaded until then.
 */
export async function engagementOfOneReading(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Engagement', exact: true }).click()
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name: /^Openings: 1 in the last 30 days/ })).toBeVisible({
      timeout: 1_000,
    })
    await expect(page.getByRole('img', { name: /the most read is page 1 with/ })).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
}

/** Generates a code for a gate (circlek unless named) from the codes page; resolves with the code shown once. */
export async function generateCode(
  page: Page,
  label: string,
  gate: { slug: string; name: string } = { slug: 'circlek', name: 'Circle K' },
): Promise<string> {
  await consoleMenu(page).getByRole('link', { name: 'Codes', exact: true }).click()
  await page.getByLabel('Gate').selectOption(gate.slug)
  await page.getByLabel('Label').fill(label)
  await page.getByRole('button', { name: 'Generate code' }).click()
  await expect(page.getByRole('heading', { name: `New code for ${gate.name}` })).toBeVisible()
  const code = (await page.locator('#new-code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/)
  return code
}

/** The audit log's rows naming `who`, as "actor action target" lines, newest first. */
export async function auditEntries(page: Page, who: string): Promise<{ line: string; target: string }[]> {
  await consoleMenu(page).getByRole('link', { name: 'Audit log', exact: true }).click()
  await page.getByLabel('Who').fill(who)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${encodeURIComponent(who)}`))
  const rows = page.locator('table tbody tr')
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      line: `${tr.children[1]?.textContent} ${tr.children[2]?.textContent}`,
      target: tr.children[3]?.textContent ?? '',
    })),
  )
}

/** The audit log's rows naming `who`, as "actor action" lines, newest first. */
export async function auditLines(page: Page, who: string): Promise<string[]> {
  return (await auditEntries(page, who)).map((entry) => entry.line)
}

/** Full-page screenshots at 1440 px and 375 px (test-results/…/console-<name>-<width>.png), to look at. */
export async function photograph(page: Page, name: string) {
  await photographWidths(page, `console-${name}`, { fullPage: true })
}

/**
 * How far the page and each table inside its card scroll sideways (0 when they do not), and the
 * elements that stick out past the window, for a failure's message (the console's menu scrolls by
 * itself, so it is left out).
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: [...document.querySelectorAll('.table-wrap')].map((wrap) => wrap.scrollWidth - wrap.clientWidth),
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('nav'))
      .slice(0, 8)
      .map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().right)}`),
  }))

/** The console's own menu: a section's link there, not a link of the same words in a page's content. */
export const consoleMenu = (page: Page) => page.getByRole('navigation', { name: 'Console' })

/**
 * An action behind its confirm step (RowAction with `confirm`): its button opens the question,
 * whose "Yes, …" button posts. Works the same with JavaScript off.
 */
export async function confirmAction(scope: Page | Locator, name: string, question: string | RegExp) {
  const opener = scope.locator('summary', { hasText: name })
  await opener.click()
  const panel = scope.locator('.confirm-action[open] .confirm-action__panel')
  await expect(panel).toContainText(question)
  await panel.getByRole('button', { name: `Yes, ${name.charAt(0).toLowerCase()}${name.slice(1)}` }).click()
}
