import { randomUUID } from 'node:crypto'
import { expect, type Page, type Request, test } from '@playwright/test'
import { rolloutPhases } from '../../lib/content/rollout'
import { businessTypes, deliveryMethods } from '../../lib/forms/application-schema'
import { exportJson } from './helpers/cli'
import { watchSubmit } from './helpers/submit-watch'

// /apply: rollout timeline, the application form's validation, states, toasts and storage.

const SUCCESS = "Application submitted successfully! We'll be in touch soon."
const FAILURE = 'Failed to submit application. Please try again.'

function apiRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) seen.push(request)
  })
  return seen
}

async function openForm(page: Page) {
  await page.goto('/apply')
  const form = page.getByRole('form', { name: 'Retailer application' })
  // The button is enabled once React has hydrated the form.
  await expect(form.getByRole('button', { name: 'Submit application' })).toBeEnabled()
  return form
}

const values = (company: string) => ({
  'Company name': company,
  'Locations in Austin': '4',
  'Full name': 'Ana Núñez',
  'Work e-mail': 'Ana.Nunez@Example.com',
  Phone: '(512) 555-0142',
  'Average order value': '38.75',
  'Orders per month': '1500',
  'Anything else we should know?': 'Open 7am–11pm, two stores near "South Congress", with parking.',
})

async function fillValid(page: Page, company: string) {
  const form = page.getByRole('form', { name: 'Retailer application' })
  for (const [label, value] of Object.entries(values(company))) await form.getByLabel(label).fill(value)
  await form.getByLabel('Business type').selectOption('Convenience Store')
  await form.getByLabel('How do you deliver today?').selectOption(deliveryMethods[2])
}

async function expectValuesKept(page: Page, company: string) {
  const form = page.getByRole('form', { name: 'Retailer application' })
  for (const [label, value] of Object.entries(values(company)))
    await expect(form.getByLabel(label)).toHaveValue(value)
  await expect(form.getByLabel('Business type')).toHaveValue('Convenience Store')
  await expect(form.getByLabel('How do you deliver today?')).toHaveValue(deliveryMethods[2])
}

test.describe('rollout timeline', () => {
  test('lists the three phases with visibly distinct statuses', async ({ page }) => {
    await page.goto('/apply')
    const phases = page.getByRole('list', { name: 'Rollout phases' }).locator(':scope > li')
    await expect(phases).toHaveCount(3)
    for (const [index, phase] of rolloutPhases.entries()) {
      const item = phases.nth(index)
      await expect(item.getByRole('heading', { name: phase.title })).toBeVisible()
      await expect(item).toContainText(`Phase ${phase.phase}`)
      await expect(item).toContainText(phase.timeline)
      await expect(item).toHaveAttribute('data-status', phase.status)
    }
    await expect(phases.nth(0)).toContainText('Active')
    await expect(phases.nth(1)).toContainText('Upcoming')
    await expect(phases.nth(2)).toContainText('Planned')
    await expect(phases.nth(1)).toContainText('Dallas')
    await expect(phases.nth(2)).toContainText('Michigan')
    // Not only the words differ: each status pill is drawn differently.
    const looks = await phases.locator('.rollout__status').evaluateAll((pills) =>
      pills.map((pill) => {
        const style = getComputedStyle(pill)
        return `${style.backgroundColor}|${style.color}|${style.borderStyle}`
      }),
    )
    expect(new Set(looks).size).toBe(3)
  })
})

test.describe('application form', () => {
  test('labels every field and offers the exact options', async ({ page }) => {
    const form = await openForm(page)
    for (const label of [
      'Company name',
      'Business type',
      'Locations in Austin',
      'Full name',
      'Work e-mail',
      'Phone',
      'Average order value',
      'Orders per month',
      'How do you deliver today?',
      'Anything else we should know?',
    ]) {
      await expect(form.getByLabel(label)).toBeVisible()
    }
    await expect(form.getByLabel('Work e-mail')).toHaveAttribute('type', 'email')
    await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel')
    await expect(form.getByLabel('Locations in Austin')).toHaveAttribute('type', 'number')
    await expect(form.getByLabel('Average order value')).toHaveAttribute('type', 'number')
    await expect(form.getByLabel('Orders per month')).toHaveAttribute('type', 'number')
    for (const label of [
      'Company name',
      'Business type',
      'Locations in Austin',
      'Full name',
      'Work e-mail',
      'Phone',
    ]) {
      await expect(form.getByLabel(label)).toHaveAttribute('required', '')
    }
    const options = (label: string) =>
      form
        .getByLabel(label)
        .locator('option')
        .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
    expect(await options('Business type')).toEqual([...businessTypes])
    expect(await options('How do you deliver today?')).toEqual([...deliveryMethods])
  })

  test('an empty submit is blocked by browser validation and sends no request', async ({ page }) => {
    const form = await openForm(page)
    const requests = apiRequests(page)
    const submitted = await watchSubmit(form)
    await form.getByRole('button', { name: 'Submit application' }).click()
    const company = form.getByLabel('Company name')
    await expect(company).toBeFocused()
    expect(await company.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
    // The browser fires `submit` during the click when the form is valid; it never did here.
    expect(await submitted()).toBe(false)
    expect(requests).toHaveLength(0)
  })

  test('shows our own error beside a field the browser accepts but the schema refuses', async ({ page }) => {
    const form = await openForm(page)
    const requests = apiRequests(page)
    await fillValid(page, 'Schema Check Store')
    const phone = form.getByLabel('Phone')
    await phone.fill('12345')
    await form.getByRole('button', { name: 'Submit application' }).click()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toBeFocused()
    const error = form.getByText(/^Enter a phone number like/)
    await expect(error).toBeVisible()
    await expect(phone).toHaveAccessibleDescription(/Enter a phone number like/)
    expect(requests).toHaveLength(0)
    await phone.fill('512 555 0142')
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
    await expect(error).toHaveCount(0)
    // Fields that were never invalid carry no aria-invalid at all.
    await expect(form.getByLabel('Company name')).not.toHaveAttribute('aria-invalid', /.*/)
  })

  test('a valid submission shows Submitting..., then the success toast, resets and is stored', async ({
    page,
  }) => {
    const form = await openForm(page)
    const company = `E2E Market ${randomUUID().slice(0, 8)}`
    await fillValid(page, company)
    let sent: Request | undefined
    // Hold the request until the submitting state has been seen, then let it through.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/applications', async (route) => {
      sent = route.request()
      await released
      await route.continue()
    })
    const button = form.getByRole('button', { name: /Submit application|Submitting/ })
    await button.click()
    await expect(button).toHaveText('Submitting...')
    await expect(button).toBeDisabled()
    release()
    await expect(page.getByText(SUCCESS)).toBeVisible()
    await expect(button).toHaveText(/Submit application/)
    await expect(button).toBeEnabled()
    for (const label of Object.keys(values(company))) await expect(form.getByLabel(label)).toHaveValue('')
    await expect(form.getByLabel('Business type')).toHaveValue('')
    // The toast is announced: it sits in sonner's live region.
    await expect(page.locator('[aria-live]').getByText(SUCCESS)).toBeVisible()

    expect(sent?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent?.postDataJSON()).toMatchObject({
      email: 'ana.nunez@example.com',
      phone: '+15125550142',
      numberOfLocations: 4,
    })
    const stored = await exportJson('applications')
    expect(stored.find((row) => row.companyName === company)).toMatchObject({
      businessType: 'Convenience Store',
      numberOfLocations: 4,
      contactName: 'Ana Núñez',
      email: 'ana.nunez@example.com',
      phone: '+15125550142',
      averageOrderValue: 38.75,
      monthlyOrderVolume: 1500,
      currentDeliveryMethod: deliveryMethods[2],
      additionalInfo: 'Open 7am–11pm, two stores near "South Congress", with parking.',
    })
  })

  test('an aborted request keeps every value, shows the failure toast, and a retry reuses the key', async ({
    page,
  }) => {
    const form = await openForm(page)
    const company = 'Offline Grocer'
    await fillValid(page, company)
    const keys: string[] = []
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.route('**/api/applications', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      await route.abort()
    })
    const button = form.getByRole('button', { name: 'Submit application' })
    await button.click()
    await expect(page.getByText(FAILURE)).toBeVisible()
    await expectValuesKept(page, company)
    await expect(button).toBeEnabled()
    expect(errors.some((text) => text.includes('Application submission failed'))).toBe(true)
    expect(errors.join('\n')).not.toContain('Ana')

    // Pressing submit again without changes is a retry: same key. An edit makes a new submission.
    await button.click()
    await expect.poll(() => keys.length).toBe(2)
    expect(keys[1]).toBe(keys[0])
    await form.getByLabel('Orders per month').fill('1600')
    await button.click()
    await expect.poll(() => keys.length).toBe(3)
    expect(keys[2]).not.toBe(keys[0])
  })

  test('a 400 from the server marks the offending field and keeps the values', async ({ page }) => {
    const form = await openForm(page)
    const company = 'Refused Bakery'
    await fillValid(page, company)
    await page.route('**/api/applications', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Some fields need attention.',
            fields: { email: 'This e-mail domain does not accept mail.' },
          },
        }),
      }),
    )
    await form.getByRole('button', { name: 'Submit application' }).click()
    await expect(page.getByText(FAILURE)).toBeVisible()
    const email = form.getByLabel('Work e-mail')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('This e-mail domain does not accept mail.')
    await expect(email).toBeFocused()
    await expectValuesKept(page, company)
  })
})
