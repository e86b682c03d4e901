import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import { confirmationUrl } from '../../../lib/forms/confirmation.ts'
import { APPLICATION_SUCCESS } from '../../helpers/promised.ts'
import { exportJson, newCode, rm5, runCli } from '../helpers/cli.ts'
import {
  applicationAnswers,
  applicationConfirmation,
  applyForm,
  contactAnswers,
  contactForm,
  errorSummary,
  expectAnswers,
  expectApplicationFailed,
  expectApplicationSucceeded,
  refuseAsTooLarge,
  typeAnswers,
} from '../helpers/forms.ts'
import { photographWidths } from '../helpers/viewport.ts'
import { test } from '../helpers/visitor.ts'

// The forms with JavaScript switched off (project no-js): plain HTML forms that post to the
// server, which answers with a confirmation page (Post/Redirect/Get) or the form rendered again
// with the answers and an error summary. Rows are read back with the admin CLI, whose start
// takes seconds on a busy machine.
test.slow()

test('/apply: an application posts, lands on the confirmation, is stored, and a reload posts nothing', async ({
  page,
}) => {
  const company = `No-JS Market ${randomUUID().slice(0, 8)}`
  await page.goto('/apply')
  await typeAnswers(applyForm(page), applicationAnswers(company))
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  await expect(page).toHaveURL(/\/apply\/received\?sent=\d+$/)
  await expectApplicationSucceeded(page)
  const confirmation = applicationConfirmation(page)
  await expect(confirmation).toContainText('Your application is stored')
  // The spec's form resets on success (§4): the page after the post has its sentence and the form, empty.
  await expect(page.getByText("Application submitted successfully! We'll be in touch soon.")).toBeVisible()
  await expect(applyForm(page).getByLabel('Company name')).toHaveValue('')
  await expect(applyForm(page).getByLabel('Work e-mail')).toHaveValue('')
  await expect(applyForm(page).getByRole('button', { name: 'Submit application' })).toBeVisible()
  await photographWidths(page, 'received', { fullPage: true })

  const rows = async () => (await exportJson('applications')).filter((row) => row.companyName === company)
  expect(await rows()).toEqual([
    expect.objectContaining({
      businessType: 'Coffee Shop',
      numberOfLocations: 2,
      contactName: 'Noor Haddad',
      email: 'noor@example.com',
      phone: '+15125550199',
      averageOrderValue: 24.5,
      monthlyOrderVolume: 900,
      currentDeliveryMethod: 'In-house delivery',
      additionalInfo: 'Two stores; "late" hours & parking.',
    }),
  ])
  // Post/Redirect/Get: the reload fetches the confirmation again, it does not post.
  const posts: string[] = []
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
  await page.reload()
  await expect(confirmation).toBeVisible()
  expect(posts).toEqual([])
  expect(await rows()).toHaveLength(1)
})

test('/apply: invalid answers come back with the error summary, focused, and every value kept', async ({
  page,
}) => {
  const company = `Kept Values ${randomUUID().slice(0, 8)}`
  const answers = applicationAnswers(company)
  answers.text.Phone = '555'
  await page.goto('/apply')
  await typeAnswers(applyForm(page), answers)
  const response = page.waitForResponse((r) => r.request().method() === 'POST')
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  // Post/Redirect/Get: the form's own page, at an address naming the answers kept (decision 069).
  expect((await response).status()).toBe(303)
  await expect(page).toHaveURL(/\/apply\?answers=[\w-]{22}$/)
  const summary = errorSummary(page)
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([/^Enter a phone number like/])
  await expect(applyForm(page).getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(applyForm(page).getByLabel('Phone')).toHaveAccessibleDescription(/Enter a phone number like/)
  await expectAnswers(applyForm(page), answers)
  // A reload shows the same page again and posts nothing.
  const posts: string[] = []
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
  await page.reload()
  await expect(errorSummary(page).getByRole('link')).toHaveText([/^Enter a phone number like/])
  await expectAnswers(applyForm(page), answers)
  expect(posts).toEqual([])
  // The summary's link moves to the field.
  await summary.getByRole('link').click()
  await expect(applyForm(page).getByLabel('Phone')).toBeFocused()
  // Fixed, the same form posts again and is stored.
  await applyForm(page).getByLabel('Phone').fill('(512) 555-0199')
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  await expect(page).toHaveURL(/\/apply\/received\?sent=\d+$/)
  expect((await exportJson('applications')).filter((row) => row.companyName === company)).toHaveLength(1)
})

test('/apply: a post the server refuses as a whole leads its summary with the spec sentence', async ({
  page,
}) => {
  await page.goto('/apply')
  await typeAnswers(applyForm(page), applicationAnswers(`Failed Post ${randomUUID().slice(0, 8)}`))
  await refuseAsTooLarge(page)
  const response = page.waitForResponse((r) => r.request().method() === 'POST')
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  // Refused before the route admits it (decision 069): its page is the answer itself.
  expect((await response).status()).toBe(413)
  await expectApplicationFailed(page, 'The request body is too large.')
})

test('/apply: an empty post lists every required field', async ({ page }) => {
  await page.goto('/apply')
  await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
  await expect(errorSummary(page).getByRole('link')).toHaveCount(6)
  await expect(page).toHaveTitle('Error: Retailer Access — RM5')
})

test('/contact: a message posts, is stored, and the confirmation offers another', async ({ page }) => {
  const name = `No-JS Sender ${randomUUID().slice(0, 8)}`
  await page.goto('/contact')
  await typeAnswers(contactForm(page), contactAnswers(name))
  await contactForm(page).getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/contact\/sent\?sent=\d+$/)
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeFocused()
  await photographWidths(page, 'sent', { fullPage: true })
  const rows = async () => (await exportJson('contact')).filter((row) => row.name === name)
  expect(await rows()).toEqual([
    expect.objectContaining({
      email: 'robin@example.com',
      company: 'Robin & Co',
      message: 'Line one,\nline "two" ✓',
    }),
  ])
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible()
  expect(await rows()).toHaveLength(1)
  await page.getByRole('link', { name: 'Send another message' }).click()
  await expect(page).toHaveURL(/\/contact$/)
})

// Typed, bookmarked or opened from history after the hour (lib/forms/confirmation.ts): no thanks
// for a post that did not happen, and the way to the form.
for (const { path, title, way, form } of [
  {
    path: '/apply/received',
    title: 'No application to confirm',
    way: 'Go to the application form',
    form: '/apply',
  },
  { path: '/contact/sent', title: 'No message to confirm', way: 'Write a message', form: '/contact' },
]) {
  test(`${path} opened without a post leads to the form`, async ({ page }) => {
    const old = confirmationUrl(path, new Date(Date.now() - 2 * 60 * 60_000))
    for (const url of [path, old]) {
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
      await expect(page.getByRole('status')).toHaveCount(0)
      await expect(page.getByText(APPLICATION_SUCCESS)).toHaveCount(0)
      await expect(page.getByText('Message sent', { exact: true })).toHaveCount(0)
    }
    await photographWidths(page, `nothing-to-confirm${form.replace('/', '-')}`, { fullPage: true })
    await page.getByRole('link', { name: way }).click()
    await expect(page).toHaveURL(new RegExp(`${form}$`))
  })
}

test('/contact: invalid answers come back with the summary and the values', async ({ page }) => {
  const answers = contactAnswers('Kept Sender')
  answers.text['E-mail'] = 'robin@'
  await page.goto('/contact')
  await typeAnswers(contactForm(page), answers)
  await contactForm(page).getByRole('button', { name: 'Send message' }).click()
  await expect(errorSummary(page)).toBeFocused()
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Enter a valid e-mail address, like name@company.com.',
  ])
  await expectAnswers(contactForm(page), answers)
})

test.describe('gates', () => {
  let code: { id: string; code: string }
  test.beforeAll(async () => {
    code = JSON.parse(await runCli('codes', ['generate', 'pizzahut', '--label', 'no-js e2e', '--json']))
  })
  test.afterAll(async () => {
    await runCli('codes', ['revoke', code.id])
  })

  test('a wrong code comes back with the notice; the right one opens the docket', async ({ page }) => {
    await page.goto('/pizzahut')
    const field = page.getByLabel('Access Code', { exact: true })
    await field.fill('wrong-code-no-js')
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/pizzahut\?error=invalid$/)
    await expect(page.getByRole('alert')).toContainText('Invalid access code')
    await page.getByLabel('Access Code', { exact: true }).fill(code.code)
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/docket$/)
  })

  test('an empty code is refused by the browser before any post', async ({ page }) => {
    await page.goto('/pizzahut')
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page.getByLabel('Access Code', { exact: true })).toBeFocused()
    await expect(page).toHaveURL(/\/pizzahut$/)
  })

  test('a gate removed while its page is open: the code lands on its address, which says it is not found', async ({
    page,
  }) => {
    const slug = `gone-${randomUUID().slice(0, 8)}`
    await rm5(['partners', 'add', slug, '--name', 'Removed Meanwhile'])
    const made = await newCode(slug, 'no-js e2e, removed gate')
    // The server learns of a partner change within seconds (its directory is read again).
    await expect.poll(async () => (await page.request.get(`/${slug}`)).status()).toBe(200)
    await page.goto(`/${slug}`)
    await rm5(['partners', 'remove', slug, '--force'])
    await expect.poll(async () => (await page.request.get(`/${slug}`)).status()).toBe(404)
    await page.getByLabel('Access Code', { exact: true }).fill(made.code)
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(new RegExp(`/${slug}$`))
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('/walmart opens the docket with one press', async ({ page }) => {
    await page.goto('/walmart')
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/docket$/)
  })
})
