// The admin console without JavaScript: every step is a plain form post. The first owner signs in
// with the printed link, generates a code (shown once; no copy button without a script), revokes
// it, filters the audit log, downloads its CSV and signs out.
import { expect } from '@playwright/test'
import { auditLines, confirmAction, generateCode, signInAsNewOwner } from '../helpers/admin-console.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from '../helpers/visitor.ts'

test('signs in, generates and revokes a code, reads the audit log and its CSV, signs out', async ({
  page,
}) => {
  // Several CLI runs and page loads.
  test.setTimeout(60_000)
  const email = await signInAsNewOwner(page)
  // Unique on a reused e2e server, where earlier runs left their codes.
  const label = `No-JS buyer ${email.slice(4, 12)}`
  await generateCode(page, label)
  await expect(page.getByRole('button', { name: 'Copy' })).toBeHidden()
  await confirmAction(page, `Revoke code ${label}`, 'Revoke this code? Its sessions end within seconds.')
  await expect(page.getByRole('heading', { name: 'Code revoked' })).toBeVisible()
  expect(await auditLines(page, email)).toEqual([
    `${email} code.revoke`,
    `${email} code.generate`,
    `${email} session.sign-in`,
  ])
  const csv = await page.request.get(`/admin/audit.csv?actor=${encodeURIComponent(email)}`)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const lines = (await csv.text()).trim().split('\r\n')
  expect(lines[0]).toBe('at,actor,action,target,details,client_hash')
  expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([
    'code.revoke',
    'code.generate',
    'session.sign-in',
  ])
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
})
