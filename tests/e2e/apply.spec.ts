import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { rolloutPhases } from '../../lib/content/rollout.ts'
import { businessTypes, deliveryMethods } from '../../lib/forms/application-schema.ts'
import { exportJson } from './helpers/cli.ts'
import {
  applicationConfirmation,
  errorSummary,
  expectApplicationFailed,
  expectApplicationSucceeded,
  openHydratedForm,
} from './helpers/forms.ts'
import { test } from './helpers/visitor.ts'

// /apply: rollout timeline, the application form's validation, states, outcomes and storage, with
// JavaScript (the enhanced form; tests/e2e/no-js/forms.spec.ts has the same form without it).

function apiRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) seen.push(request)
  })
  return seen
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

/** /apply at its hydrated form, every field filled with a valid answer for `company`. */
async function openFilledForm(page: Page, company: string) {
  const form = await openHydratedForm(page, 'apply')
  await fillValid(page, company)
  return form
}

/** Every field of the application form as the empty form has it. */
async function expectEmpty(form: Locator) {
  for (const label of Object.keys(values(''))) await expect(form.getByLabel(label)).toHaveValue('')
  await expect(form.getByLabel('Business type')).toHaveValue('')
  await expect(form.getByLabel('How do you deliver today?')).toHaveValue('')
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
    const form = await openHydratedForm(page, 'apply')
    // Every field: its label, the input type it has where that matters, and whether it is required.
    const fields: [label: string, type: string | undefined, required: boolean][] = [
      ['Company name', undefined, true],
      ['Business type', undefined, true],
      ['Locations in Austin', 'number', true],
      ['Full name', undefined, true],
      ['Work e-mail', 'email', true],
      ['Phone', 'tel', true],
      ['Average order value', 'number', false],
      ['Orders per month', 'number', false],
      ['How do you deliver today?', undefined, false],
      ['Anything else we should know?', undefined, false],
    ]
    for (const [label, type, required] of fields) {
      const field = form.getByLabel(label)
      await expect(field).toBeVisible()
      if (type) await expect(field, label).toHaveAttribute('type', type)
      if (required) await expect(field, label).toHaveAttribute('required', '')
      else await expect(field, label).not.toHaveAttribute('required')
    }
    const options = (label: string) =>
      form
        .getByLabel(label)
        .locator('option')
        .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
    expect(await options('Business type')).toEqual([...businessTypes])
    expect(await options('How do you deliver today?')).toEqual([...deliveryMethods])
  })

  test('an empty submit lists every required field in the error summary, focused, and sends nothing', async ({
    page,
  }) => {
    const form = await openHydratedForm(page, 'apply')
    const requests = apiRequests(page)
    await form.getByRole('button', { name: 'Submit application' }).click()
    const summary = errorSummary(page)
    await expect(summary).toBeFocused()
    await expect(summary.getByRole('link')).toHaveText([
      'Enter your company name.',
      'Choose your business type.',
      'Enter how many locations you have in Austin (0 if none yet).',
      'Enter your name.',
      'Enter your e-mail address.',
      'Enter your phone number.',
    ])
    // Side by side, a row's controls stay in line when one field's message wraps to two lines.
    const top = (label: string) =>
      form
        .getByLabel(label, { exact: true })
        .evaluate((control) => Math.round(control.getBoundingClientRect().top))
    expect(await top('Locations in Austin')).toBe(await top('Business type'))
    expect(await top('Phone')).toBe(await top('Work e-mail'))
    // Each link moves to its field.
    await summary.getByRole('link', { name: 'Enter your name.' }).click()
    await expect(form.getByLabel('Full name')).toBeFocused()
    expect(requests).toHaveLength(0)
  })

  test('shows our own error beside a field and in the summary, and clears it as it is fixed', async ({
    page,
  }) => {
    const form = await openHydratedForm(page, 'apply')
    const requests = apiRequests(page)
    await fillValid(page, 'Schema Check Store')
    const phone = form.getByLabel('Phone')
    await phone.fill('12345')
    await form.getByRole('button', { name: 'Submit application' }).click()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(errorSummary(page)).toBeFocused()
    await expect(errorSummary(page).getByRole('link')).toHaveText([/^Enter a phone number like/])
    const error = form.locator('.field__error').filter({ hasText: /Enter a phone number like/ })
    await expect(error).toBeVisible()
    await expect(phone).toHaveAccessibleDescription(/Enter a phone number like/)
    expect(requests).toHaveLength(0)
    await phone.fill('512 555 0142')
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
    await expect(error).toHaveCount(0)
    await expect(errorSummary(page)).toHaveCount(0)
    // Fields that were never invalid carry no aria-invalid at all.
    await expect(form.getByLabel('Company name')).not.toHaveAttribute('aria-invalid', /.*/)
  })

  test('a valid submission shows Submitting..., then the confirmation in place, focused, and is stored', async ({
    page,
  }) => {
    // Ten fields and a CLI export of the stored rows.
    test.slow()
    const company = `E2E Market ${randomUUID().slice(0, 8)}`
    const form = await openFilledForm(page, company)
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
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    // Never disabled: focus stays on the button while the request is under way.
    await expect(button).toBeFocused()
    release()
    await expectApplicationSucceeded(page)
    await expect(page).toHaveURL(/\/apply$/)
    // The spec's form resets on success (§4): still on the page, empty, under the spec's sentence.
    await expect(page.getByText("Application submitted successfully! We'll be in touch soon.")).toBeVisible()
    await expectEmpty(form)

    // The same body the HTML form posts, asking for a JSON answer.
    expect(sent?.headers()['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
    expect(sent?.headers().accept).toBe('application/json')
    const body = new URLSearchParams(sent?.postData() ?? '')
    expect(body.get('companyName')).toBe(company)
    expect(body.has('idempotencyKey')).toBe(true)
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

  test('a failed request keeps every value, says so in the summary, and a retry is stored once', async ({
    page,
  }) => {
    test.slow()
    const company = `Offline Grocer ${randomUUID().slice(0, 8)}`
    const form = await openFilledForm(page, company)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    // The first answer is lost after the server stored the application; the retry gets through.
    let attempts = 0
    await page.route('**/api/applications', async (route) => {
      attempts++
      if (attempts === 1) {
        await route.fetch()
        await route.abort()
      } else await route.continue()
    })
    const button = form.getByRole('button', { name: 'Submit application' })
    await button.click()
    await expectApplicationFailed(page, 'We could not reach the server')
    await expect(page.getByRole('alert')).toContainText('Your answers are still here')
    await expectValuesKept(page, company)
    expect(errors.some((text) => text.includes('Form submission failed'))).toBe(true)
    expect(errors.join('\n')).not.toContain('Ana')

    // The same answers again are the same submission: stored once.
    await button.click()
    await expectApplicationSucceeded(page)
    const stored = await exportJson('applications')
    expect(stored.filter((row) => row.companyName === company)).toHaveLength(1)
  })

  test('a 400 from the server marks the offending field and keeps the values', async ({ page }) => {
    const company = 'Refused Bakery'
    const form = await openFilledForm(page, company)
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
    await expect(errorSummary(page)).toBeFocused()
    await expect(errorSummary(page).getByRole('link')).toHaveText([
      'This e-mail domain does not accept mail.',
    ])
    const email = form.getByLabel('Work e-mail')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Error: This e-mail domain does not accept mail.')
    await expectValuesKept(page, company)
  })

  test('the confirmation takes focus without a focus ring; keyboard focus on a control keeps its ring', async ({
    page,
  }) => {
    // Ten fields filled.
    test.slow()
    const form = await openHydratedForm(page, 'apply')
    // A ring is an outline or the fields' own glow (box-shadow).
    const ringOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element)
        return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none'
      })
    // Keyboard focus on a control is drawn.
    await form.getByLabel('Company name').focus()
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Business type')).toBeFocused()
    expect(await ringOf(form.getByLabel('Business type'))).toBe(true)
    await fillValid(page, `Ringless Shop ${randomUUID().slice(0, 8)}`)
    await form.getByLabel('Anything else we should know?').focus()
    await page.keyboard.press('Tab')
    const submit = form.getByRole('button', { name: 'Submit application' })
    await expect(submit).toBeFocused()
    expect(await ringOf(submit)).toBe(true)
    // Answered as the server answers a stored application, without storing one (the form's rate
    // limit is shared by every e2e post from this address).
    await page.route('**/api/applications', (route) =>
      route.fulfill({ status: 201, json: { id: randomUUID() } }),
    )
    // Submitted from the keyboard: the case where the browser would draw a ring on what takes focus.
    await page.keyboard.press('Enter')
    await expectApplicationSucceeded(page)
    const panel = applicationConfirmation(page)
    await expect(panel).toHaveAttribute('tabindex', '-1')
    expect(await ringOf(panel)).toBe(false)
  })
})
