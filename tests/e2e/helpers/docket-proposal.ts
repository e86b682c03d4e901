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

/** The session bar's way out (components/documents/DocketSessionBar.tsx), on the docket and the proposal. */
const signOut = (page: Page) => page.getByRole('button', { name: 'Sign out' })
/** The bar's line naming the partners signed in. */
const signedIn = (page: Page, partner: string) => page.getByText(new RegExp(`^Signed in\\s*${partner}$`))

/**
 * At a phone's width and a desktop's, the docket shows the proposal's card in the first screen,
 * its one way to the proposal; its link, followed, opens the proposal, whose way back to the
 * docket is in its first screen too and, followed, opens the docket again. The proposal carries
 * the docket's session bar, its Sign out where the docket has it. Screenshots of the docket and
 * of the proposal at each width, `<name>-<width>.png` and `<name>-proposal-<width>.png` in the
 * test's output; `check` (e.g. axe) judges the proposal at each width.
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
    const docketSignOut = await signOut(page).boundingBox()
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`) })
    await link.click()
    await expect(page).toHaveURL(/\/circlek\/proposal$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnership Proposal')
    // With JavaScript, the link is followed on the page React has taken over.
    if (scripts === 'js') await waitForHydration(page)
    const back = page.getByRole('link', { name: 'Back to the docket' })
    await expect(back).toBeInViewport()
    await expect(signedIn(page, 'Circle K')).toBeVisible()
    await expect(signOut(page)).toBeInViewport()
    expect(await signOut(page).boundingBox()).toEqual(docketSignOut)
    await check?.(page)
    await page.screenshot({ path: test.info().outputPath(`${name}-proposal-${size.width}.png`) })
    await back.click()
    await expect(page).toHaveURL(/\/docket$/)
    await expect(proposalCard(page)).toBeVisible()
  }
}

/**
 * Sign out from the proposal, as from the docket: it ends the session on the server and lands on
 * the Circle K gate, which says so; neither the proposal nor the docket opens afterwards.
 */
export async function signOutFromProposal(page: Page) {
  await page.goto('/circlek/proposal')
  await expect(signedIn(page, 'Circle K')).toBeVisible()
  await signOut(page).click()
  await expect(page).toHaveURL(/\/circlek\?notice=signed-out$/)
  await expect(page.getByText('You are signed out')).toBeVisible()
  await page.goto('/circlek/proposal')
  await expect(page).toHaveURL(/\/circlek$/)
  await page.goto('/docket')
  await expect(page).toHaveURL(/\/$/)
}
