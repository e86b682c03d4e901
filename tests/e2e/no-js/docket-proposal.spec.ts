import { expect } from '@playwright/test'
import { newCode, rm5 } from '../helpers/cli.ts'
import {
  followProposalFromDocket,
  openDocketWith,
  proposalCard,
  signOutFromProposal,
} from '../helpers/docket-proposal.ts'
import { test } from '../helpers/visitor.ts'

// Without JavaScript: the docket's link to the Circle K proposal, and the proposal's back to the
// docket, are plain links in the server's HTML; the docket shows its link to a Circle K grant only.
// The proposal's Sign out, as the docket's, is a plain form post.

let circlek: { id: string; code: string }
let compass: { id: string; code: string }
test.beforeAll(async () => {
  test.setTimeout(60_000)
  circlek = await newCode('circlek', 'No-JS proposal link')
  compass = await newCode('compass', 'No-JS proposal link')
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  // Those made, if the start stopped half-way.
  await Promise.all([circlek, compass].flatMap((made) => (made ? [rm5(['codes', 'revoke', made.id])] : [])))
})

test('a Circle K grant’s docket links to the proposal, and the proposal back to it, at a phone’s width and a desktop’s', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await openDocketWith(page, 'circlek', circlek.code, 'no-js')
  await followProposalFromDocket(page, 'docket-proposal-no-js', 'no-js')
})

test('Sign out on the proposal ends the session and says so on the gate', async ({ page }) => {
  await openDocketWith(page, 'circlek', circlek.code, 'no-js')
  await signOutFromProposal(page)
})

test('another partner’s docket has no proposal to lead to', async ({ page }) => {
  await openDocketWith(page, 'compass', compass.code, 'no-js')
  await expect(page.getByRole('heading', { level: 1, name: 'Meet the RM5' })).toBeVisible()
  await expect(proposalCard(page)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Read the proposal' })).toHaveCount(0)
})
