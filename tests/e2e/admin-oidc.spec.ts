// Single sign-on in Chromium through a real OpenID provider's own login and consent pages
// (oidc-provider in the test process, on the port the e2e server was configured with): the
// sign-in page's link leaves for the provider under the console's CSP, the way back opens the
// console (the session cookie is SameSite=Strict, and the provider's site is another site), and
// an address that is not an admin's gets the refusal page and no console. With JavaScript off too
// (a context of its own: the provider's fixed port allows one worker, so the tests run in turn).
import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { E2E_OIDC_CLIENT, E2E_OIDC_PORT, E2E_PORT } from '../../playwright.config.ts'
import { startOidcProvider, type TestProvider } from '../helpers/oidc-provider.ts'
import { auditLines, photograph } from './helpers/admin-console.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { rm5 } from './helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

// The origin browsers use (PUBLIC_ORIGIN): the redirect URI registered at the provider.
const ORIGIN = `http://localhost:${E2E_PORT}`
let op: TestProvider

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  op = await startOidcProvider(`${ORIGIN}/admin/sign-in/oidc/callback`, {
    port: E2E_OIDC_PORT,
    client: E2E_OIDC_CLIENT,
  })
})
test.afterAll(async () => {
  await op?.close()
})

/** From the console's sign-in page through the provider's login and consent pages as `login`. */
async function signInThroughProvider(page: Page, login: string) {
  await page.goto(`${ORIGIN}/admin/sign-in`)
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
  await expect(page).toHaveURL(new RegExp(`^${op.issuer}/interaction/`))
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('any')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('an admin signs in with single sign-on; an address that is no admin’s is refused', async ({ page }) => {
  test.setTimeout(150_000)
  const email = `sso-${randomBytes(4).toString('hex')}@example.com`
  await rm5(['admins', 'add', email, '--role', 'reader'])
  op.accounts.set('admin', { email: email.toUpperCase(), email_verified: true })
  op.accounts.set('stranger', { email: `not-${email}`, email_verified: true })

  await page.goto(`${ORIGIN}/admin/sign-in`)
  await expectNoSeriousViolation(page)
  await photograph(page, 'sign-in-with-sso')

  await signInThroughProvider(page, 'stranger')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Single sign-on did not sign you in' }),
  ).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('is not an admin of this console')
  await expectNoSeriousViolation(page)
  await photograph(page, 'sso-refused')
  await page.goto(`${ORIGIN}/admin`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()

  // Signed out at the provider (its cookies only: the console is on localhost), to sign in as the admin.
  await page.context().clearCookies({ domain: '127.0.0.1' })
  await signInThroughProvider(page, 'admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page).toHaveURL(`${ORIGIN}/admin`)
  expect(await auditLines(page, email)).toContain(`${email} session.sign-in`)
})

test('single sign-on works with JavaScript switched off', async ({ browser }) => {
  test.setTimeout(150_000)
  const email = `sso-nojs-${randomBytes(4).toString('hex')}@example.com`
  await rm5(['admins', 'add', email, '--role', 'editor'])
  op.accounts.set('nojs', { email, email_verified: true })
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signInThroughProvider(page, 'nojs')
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await context.close()
})
