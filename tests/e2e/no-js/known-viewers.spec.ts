import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR, E2E_SITE_URL, E2E_SMTP_PORT } from '../../../playwright.config.ts'
import { linkIn } from '../../helpers/email-links.ts'
import { until } from '../../helpers/notification-receivers.ts'
import { rm5Entry } from '../../helpers/run-cli.ts'
import { blockingViolationsWithoutJs } from '../helpers/axe-without-js.ts'
import { holdScripts } from '../helpers/hold-scripts.ts'
import { waitForHydration } from '../helpers/hydration.ts'
import { mailTo } from '../helpers/mailbox.ts'
import { photographWidths } from '../helpers/viewport.ts'

// Known viewers end to end: a code that requires a work e-mail (made with `rm5 codes` attached to
// the running server, as an admin does), the gate's e-mail step, the link read from a real SMTP
// receiver (the run's, tests/e2e/global-mailbox.ts), the link page's button, and the docket.
// Without JavaScript first, then once with it. The file's tests share one code: they run one
// after the other.
test.describe.configure({ mode: 'serial' })

const root = join(import.meta.dirname, '..', '..', '..')
const SENT = 'If this address may open the docket, we sent a link. It works once, within 15 minutes.'

function rm5Codes(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [rm5Entry(), 'codes', ...args], {
      cwd: root,
      // The server's mail settings and site address: `--require-email` is refused where mail is
      // not configured, or in production where links could not name the site.
      env: {
        ...process.env,
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        SITE_URL: E2E_SITE_URL,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        NOTIFY_EMAIL_FROM: 'docket@rm5.example',
        NOTIFY_EMAIL_TO: 'ops@rm5.example',
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`rm5 codes failed: ${stderr}`)),
    )
  })
}

let issued: { id: string; code: string }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const out = await rm5Codes([
    'generate',
    'partner',
    '--label',
    'e2e known viewers',
    '--expires',
    '2h',
    '--require-email',
    '--allow-domain',
    'partner.example',
    '--json',
  ])
  issued = JSON.parse(out)
})
test.afterAll(async () => {
  test.setTimeout(60_000)
  if (issued) await rm5Codes(['revoke', issued.id])
})

/** The link mailed to `address`, as a path on the server under test (the mail names SITE_URL). */
async function linkMailedTo(address: string): Promise<string> {
  await until(`a link reaches ${address}`, () => mailTo(address).length > 0, 20_000)
  const [mail] = mailTo(address)
  if (!mail) throw new Error('no mail')
  const link = linkIn(mail)
  return `${link.pathname}${link.search}`
}

test('without JavaScript: code, e-mail, the mailed link, then the docket; the link works once', async ({
  page,
}) => {
  // Three axe runs and eight screenshots on a shared machine.
  test.slow()
  await page.goto('/partner')
  await page.getByLabel('Access Code', { exact: true }).fill(issued.code)
  await page.getByRole('button', { name: /Access Docket/ }).click()
  await expect(page).toHaveURL(/\/partner\?step=email$/)
  await expect(page.getByRole('heading', { name: 'Enter your work e-mail' })).toBeVisible()
  await photographWidths(page, 'email-step', { fullPage: true })
  expect(await blockingViolationsWithoutJs(page)).toEqual([])

  const address = `nojs-${Date.now()}@partner.example`
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(address)
  await page.getByRole('button', { name: /Send me a link/ }).click()
  await expect(page).toHaveURL(/\/partner\?step=sent$/)
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await expect(page.getByText(SENT)).toBeVisible()
  await photographWidths(page, 'sent-step', { fullPage: true })

  const link = await linkMailedTo(address)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Open the docket' })).toBeVisible()
  await photographWidths(page, 'link-page', { fullPage: true })
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await page.getByRole('button', { name: /Continue to the docket/ }).click()
  await expect(page).toHaveURL(/\/docket$/)
  const grant = (await page.context().cookies()).find((cookie) => cookie.name === 'partner-access')
  expect(grant?.value).toMatch(/^s1\./)
  expect(grant?.httpOnly).toBe(true)

  await page.goto(link)
  await page.getByRole('button', { name: /Continue to the docket/ }).click()
  await expect(page).toHaveURL(/\/access\/link\?error=expired&gate=partner$/)
  await expect(page.getByText('This link has expired or was already used; ask for a new one.')).toBeVisible()
  await photographWidths(page, 'link-expired', { fullPage: true })
  expect(await blockingViolationsWithoutJs(page)).toEqual([])
  await page.getByRole('link', { name: /^Back to the .+ gate$/ }).click()
  await expect(page).toHaveURL(/\/partner$/)
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('the steps change in place, then the link opens the docket', async ({ page }) => {
    await page.goto('/partner')
    // The reveal toggle renders once React has hydrated the form.
    await expect(page.getByRole('button', { name: /Show access code/ })).toBeVisible()
    await page.getByLabel('Access Code', { exact: true }).fill(issued.code)
    await page.getByRole('button', { name: /Access Docket/ }).click()
    await expect(page.getByRole('heading', { name: 'Enter your work e-mail' })).toBeVisible()
    await expect(page).toHaveURL(/\/partner$/)
    await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeFocused()

    await page.getByRole('textbox', { name: 'Work e-mail' }).fill('not an address')
    await page.getByRole('button', { name: /Send me a link/ }).click()
    await expect(page.getByRole('alert')).toContainText('Please enter a valid e-mail address')

    const address = `js-${Date.now()}@partner.example`
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill(address)
    await page.getByRole('button', { name: /Send me a link/ }).click()
    await expect(page.getByText(SENT)).toBeVisible()
    await expect(page).toHaveURL(/\/partner$/)

    await page.goto(await linkMailedTo(address))
    await page.getByRole('button', { name: /Continue to the docket/ }).click()
    await expect(page).toHaveURL(/\/docket$/)
  })

  test('an address typed before hydration survives it and is sent', async ({ page, baseURL }) => {
    // The code step by a plain post: the pending cookie lands in this page's cookie jar.
    const verified = await page.request.post('/api/access/verify', {
      form: { retailer: 'partner', accessCode: issued.code },
      headers: { origin: baseURL ?? '' },
      maxRedirects: 0,
    })
    expect(verified.status()).toBe(303)
    const release = await holdScripts(page)
    await page.goto('/partner?step=email', { waitUntil: 'commit' })
    const field = page.getByRole('textbox', { name: 'Work e-mail' })
    const address = `early-${Date.now()}@partner.example`
    await field.click()
    await field.pressSequentially(address)
    release()
    await waitForHydration(page)
    await expect(field).toHaveValue(address)
    await page.getByRole('button', { name: /Send me a link/ }).click()
    await expect(page.getByText(SENT)).toBeVisible()
    await expect(page).toHaveURL(/\/partner\?step=email$/)
    await linkMailedTo(address)
  })
})
