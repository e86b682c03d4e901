import { expectNoSeriousViolation } from './helpers/axe.ts'
import { newCode, rm5 } from './helpers/cli.ts'
import { followProposalFromDocket, openDocketWith, signOutFromProposal } from './helpers/docket-proposal.ts'
import { test } from './helpers/visitor.ts'

// The Circle K proposal is a page of its own (/circlek/proposal), not a document: the docket of a
// Circle K grant leads to it (components/documents/DocketProposal.tsx) and it leads back to the
// docket (DocketBackLink), with JavaScript here and without it in no-js/docket-proposal.spec.ts.
// It carries the docket's session bar, so the way out is there too.

let code: { id: string; code: string }
test.beforeAll(async () => {
  test.setTimeout(60_000)
  code = await newCode('circlek', 'E2E proposal link')
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  if (code) await rm5(['codes', 'revoke', code.id])
})

test('a Circle K grant’s docket links to the proposal, and the proposal back to it, at a phone’s width and a desktop’s', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await openDocketWith(page, 'circlek', code.code, 'js')
  await expectNoSeriousViolation(page)
  await followProposalFromDocket(page, 'docket-proposal', 'js', expectNoSeriousViolation)
})

test('Sign out on the proposal ends the session and says so on the gate', async ({ page }) => {
  test.setTimeout(60_000)
  await openDocketWith(page, 'circlek', code.code, 'js')
  await signOutFromProposal(page)
})
