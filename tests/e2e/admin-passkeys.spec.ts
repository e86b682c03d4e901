// Passkeys in Chromium with a virtual authenticator (CDP WebAuthn), against the e2e server on the
// origin passkeys are bound to (PUBLIC_ORIGIN, http://localhost:<port>): an admin who signed in
// by link registers one, signs out and signs in with it. A replayed answer is refused, a second
// answer to a used challenge too, and so is an answer signed on another origin (a relay on another
// port of the same host name, which the authenticator serves as the same relying party).
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { auditLines, photograph } from './helpers/admin-console.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { rm5 } from './helpers/cli.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from './helpers/visitor.ts'

const ORIGIN = `http://localhost:${E2E_PORT}`

/** A relay at http://localhost:<its port> passing every request on to the e2e server unchanged. */
async function relay(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((incoming, outgoing) => {
    const forward = http.request(
      {
        port: E2E_PORT,
        host: '127.0.0.1',
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Passkey sign-ins run in the page with the library the console serves, `answers` answers to one
 * challenge, each posted in turn: their statuses.
 */
const passkeySignInStatuses = (page: Page, answers = 1) =>
  page.evaluate(async (count) => {
    const lib = (window as unknown as { SimpleWebAuthnBrowser: typeof import('@simplewebauthn/browser') })
      .SimpleWebAuthnBrowser
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const optionsJSON = await (await post('/admin/sign-in/passkey/options', {})).json()
    const made = []
    for (let i = 0; i < count; i++) made.push(await lib.startAuthentication({ optionsJSON }))
    const statuses = []
    for (const response of made) statuses.push((await post('/admin/sign-in/passkey', response)).status)
    return statuses
  }, answers)

test('an admin registers a passkey and signs in with it; a replayed or relayed answer is refused', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const email = `keys-${randomBytes(4).toString('hex')}@example.com`
  await rm5(['admins', 'add', email, '--role', 'reader'])
  const link = new URL((await rm5(['admins', 'link', email])).trim())
  await page.goto(`${ORIGIN}${link.pathname}${link.search}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()

  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await page.getByRole('link', { name: 'Passkeys' }).click()
  await expect(page.getByText('You have no passkey yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Passkey added' })).toBeVisible()
  // Its removal asks first: a disclosure (RowAction with `confirm`) opens the question.
  await expect(page.locator('summary', { hasText: /^Remove passkey / })).toHaveCount(1)
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  await expectNoSeriousViolation(page)
  await photograph(page, 'passkeys')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  await expectNoSeriousViolation(page)
  await photograph(page, 'sign-in')
  let answer = ''
  await page.route('**/admin/sign-in/passkey', async (route) => {
    answer = route.request().postData() ?? ''
    await route.continue()
  })
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await page.unroute('**/admin/sign-in/passkey')

  // The same answer again: its challenge was used.
  const replay = await page.request.post(`${ORIGIN}/admin/sign-in/passkey`, {
    headers: { 'content-type': 'application/json' },
    data: answer,
  })
  expect(replay.status()).toBe(400)
  expect((await replay.json()).message).toContain('could not be verified')

  expect((await auditLines(page, email)).slice(0, 3)).toEqual([
    `${email} session.sign-in`,
    `${email} session.sign-out`,
    `${email} passkey.register`,
  ])
  await expect(page.getByRole('cell', { name: /method: passkey/ })).toHaveCount(1)

  // Another origin, relayed to the real server: the authenticator signs (same host name), the
  // server refuses the origin the browser wrote into the answer.
  // (Cookies name a host, not a port: the session opened above would follow to the relay.)
  await context.clearCookies()
  const other = await relay()
  try {
    await page.goto(`${other.origin}/admin/sign-in`)
    // The page's own button stays hidden off its origin; a relay's script calls the library itself.
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden()
    expect(await passkeySignInStatuses(page)).toEqual([400])
  } finally {
    await other.close()
  }
  // On the right origin the same steps sign in (the refusal above was the origin's), once per
  // challenge: a second answer to it, with a higher signature counter, is refused.
  await page.goto(`${ORIGIN}/admin/sign-in`)
  expect(await passkeySignInStatuses(page, 2)).toEqual([200, 400])
})

test('without JavaScript the sign-in page offers the e-mail link and no passkey button', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${ORIGIN}/admin/sign-in`)
  await expect(page.getByLabel('E-mail address')).toBeVisible()
  await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden()
  await context.close()
})
