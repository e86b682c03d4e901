// The docket's way to the Circle K proposal, as a visitor holding a Circle K grant finds it, for
// the specs with and without JavaScript.
import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './hydration.ts'
import { DESKTOP, PHONE, resizeViewport } from './viewport.ts'

/**
 * Opens a gate with its code and lands on the docket. With JavaScript the code is typed once the
 * gate's card has hydrated, as by a visitor who reads the gate first: a press before then waits
 * for hydration to be replayed, which on a loaded machine can outlast the wait for the docket.
 */
export async function openDocketWith(page: Page, retailer: string, code: string, scripts: 'js' | 'no-js') {
  await page.goto(`/${retailer}`)
  if (scripts === 'js') await waitForHydration(page, 'gate')
  await page.getByLabel('Access Code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(page).toHaveURL(/\/docket$/)
}

export const proposalCard = (page: Page) => page.getByRole('region', { name: 'Your partnership proposal' })

/**
 * At a phone's width and a desktop's, the docket shows the proposal's card in the first screen,
 * its one way to the proposal; its link, followed, opens the proposal, whose way back to the
 * docket is in its first screen too and, followed, opens the docket again. Screenshots of the docket and of the proposal at each
 * width, `<name>-<width>.png` and `<name>-proposal-<width>.png` in the test's output; `check`
 * (e.g. axe) judges the proposal at each width.
 */
export async function followProposalFromDocket(
  page: Page,
  name: string,
  scripts: 'js' | 'no-js',
  check?: (page: Page) => Promise<void>,
) {
  for (const size of [PHONE, DESKTOP]) {
    await resizeViewport(page, size)
    await page.goto('/docket')
    await expect(proposalCard(page)).toContainText('Confidential · Circle K')
    // One way to the proposal: its card, and no copy of it among the documents (the demo data
    // room holds the rollout plan, scripts/cli/documents/ensure-demo.ts).
    await expect(page.getByRole('link', { name: /proposal/i })).toHaveCount(1)
    const link = proposalCard(page).getByRole('link', { name: 'Read the proposal' })
    await expect(link).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`) })
    await link.click()
    await expect(page).toHaveURL(/\/circlek\/proposal$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnership Proposal')
    // With JavaScript, the link is followed on the page React has taken over.
    if (scripts === 'js') await waitForHydration(page)
    const back = page.getByRole('link', { name: 'Back to the docket' })
    await expect(back).toBeInViewport()
    await check?.(page)
    await page.screenshot({ path: test.info().outputPath(`${name}-proposal-${size.width}.png`) })
    await back.click()
    await expect(page).toHaveURL(/\/docket$/)
    await expect(proposalCard(page)).toBeVisible()
  }
}
