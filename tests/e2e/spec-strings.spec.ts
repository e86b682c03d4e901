import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { newCode, runCli } from './helpers/cli.ts'
import { applicationAnswers, applyForm, typeAnswers } from './helpers/forms.ts'
import { holdRequests } from './helpers/hold-scripts.ts'
import { waitForHydration } from './helpers/hydration.ts'
import { test } from './helpers/visitor.ts'

// Every string the spec (the original site's spec, kept as docs/original-behaviour.md) quotes for what a
// visitor sees, written out here word for word (never imported from the code, so a rewrite of
// the code cannot take a string away unnoticed), each checked on the real pages in Chromium.
// Spec sections covered:
//   §2 Header (links and the Retailer Access button), Footer (links, copyright 2025), Home ('Meet
//      the RM5', 'Why RM5' with Vision/Problem/Solution, Vehicle Specs and Cargo Specs), 360-degree
//      viewer (loading, error, empty and ready states), Technology (Overview, How It Works,
//      Safety), Company (timeline), Experience (seven steps), Careers (RM5ians), Apply,
//      Access-gate pages ('Access Code', 'Access Docket', 'Verifying...'), Proposal page (the
//      'Close Proposal' dialog, its text, Cancel and Close; its three cards), 404 page
//   §3 Retailer application: business type options, delivery method options
//   §4 States: application form ('Submitting...'), gate page ('Verifying...'), rollout phases
//   §5 Validation: 'Please enter your access code'
//   §7 Calls: the video fallback text
//   §8 Error catalogue: application outcomes, the three gate notices, the viewer's three messages
// Not here: §2's generic router fallback 'Unexpected Application Error!' (this server renders it
// only for a page that fails to render, which no visitor can cause on a healthy server) and §4's
// 'Auto-play prevented', written to the console only when a browser blocks muted autoplay.

test.describe('§2 header and footer', () => {
  test('the header links, the Retailer Access button and the footer', async ({ page }) => {
    await page.goto('/technology')
    const header = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['Experience', '/experience'],
      ['Technology', '/technology'],
      ['Company', '/company'],
      ['Careers', '/careers'],
      ['Retailer Access', '/apply'],
    ] as const)
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    const footer = page.getByRole('contentinfo')
    for (const name of [
      'Experience',
      'Technology',
      'Company',
      'Careers',
      'Terms',
      'Privacy',
      'Retailer Access',
    ])
      await expect(footer.getByRole('link', { name, exact: true }).first()).toBeVisible()
    await expect(footer).toContainText('© 2025')
  })
})

test.describe('§2 home', () => {
  test("'Meet the RM5', 'Why RM5', the spec cards and the video fallback", async ({ page }) => {
    await page.goto('/')
    await expect(page.getByText('Meet the RM5', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Why RM5', exact: true })).toBeVisible()
    const why = page.getByRole('region', { name: 'Why RM5' })
    for (const kicker of ['Vision', 'Problem', 'Solution']) await expect(why).toContainText(kicker)
    for (const card of ['Vehicle Specs', 'Cargo Specs'])
      await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible()
    await expect(page.locator('video').first()).toContainText('Your browser does not support the video tag.')
  })
})

test.describe('§2, §8 the 360° viewer', () => {
  const viewer = (page: Page) => page.locator('.turntable')
  const answerViewer = async (page: Page, status: number, body: unknown) =>
    page.route('**/api/turntable', (route) => route.fulfill({ status, json: body }))
  const open = async (page: Page) => {
    await page.goto('/')
    await viewer(page).scrollIntoViewIfNeeded()
  }

  test("loading: 'Loading 360° Viewer...', then ready: 'Click & Drag to Rotate'", async ({ page }) => {
    const release = await holdRequests(page, '**/api/turntable')
    await open(page)
    await expect(viewer(page).getByText('Loading 360° Viewer...', { exact: true })).toBeVisible()
    release()
    await expect(viewer(page)).toHaveAttribute('data-state', 'ready')
    await expect(viewer(page).getByText('Click & Drag to Rotate')).toBeVisible()
  })

  test("no images anywhere: 'Error loading images' and the message naming the 360 bucket", async ({
    page,
  }) => {
    await answerViewer(page, 200, { bucket: null, images: [] })
    await open(page)
    const alert = viewer(page).getByRole('alert')
    await expect(alert).toContainText('Error loading images')
    await expect(alert).toContainText(
      'No images found in any storage bucket. Please check that your images were uploaded correctly to the "360" bucket.',
    )
    // The hint to check the browser console.
    await expect(alert).toContainText('console')
  })

  test('an empty bucket: \'No image files found in bucket "{bucket}"\'', async ({ page }) => {
    await answerViewer(page, 200, { bucket: '360-images', images: [] })
    await open(page)
    await expect(viewer(page).getByRole('alert')).toContainText('No image files found in bucket "360-images"')
  })

  test("unexpected: 'Unexpected error: {message}'", async ({ page }) => {
    await answerViewer(page, 500, { error: { message: 'storage said no' } })
    await open(page)
    await expect(viewer(page).getByRole('alert')).toContainText('Unexpected error: storage said no')
  })

  test("unexpected without a message: 'Unexpected error: Unknown error'", async ({ page }) => {
    await answerViewer(page, 500, { error: { message: '' } })
    await open(page)
    await expect(viewer(page).getByRole('alert')).toContainText('Unexpected error: Unknown error')
  })
})

test.describe('§2 the other pages', () => {
  test("technology: a node's Overview and How It Works; Safety", async ({ page }) => {
    await page.goto('/technology')
    await expect(page.getByRole('heading', { name: 'Overview', exact: true }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'How It Works', exact: true }).first()).toBeVisible()
    await expect(page.getByText('Safety', { exact: true }).first()).toBeVisible()
  })

  test('company: the history timeline', async ({ page }) => {
    await page.goto('/company')
    for (const [year, title] of [
      ['2018', 'Founding'],
      ['2018', 'Debut'],
      ['2020', 'Beta'],
      [/2021.2024/, 'Pilots'],
      ['2025+', 'Scale'],
    ] as const) {
      const milestone = page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) })
      await expect(milestone.first()).toContainText(year)
    }
    const history = page.getByRole('region', { name: 'From prototype to scale' })
    await expect(history.getByRole('heading', { level: 3 })).toHaveText([
      'Founding',
      'Debut',
      'Beta',
      'Pilots',
      'Scale',
    ])
  })

  test('experience: the seven steps, in order', async ({ page }) => {
    await page.goto('/experience')
    const steps = page
      .getByRole('region', { name: 'From tap to curb in about ten minutes' })
      .getByRole('heading', { level: 3 })
    await expect(steps).toHaveText([
      'Customer Orders',
      'Store Receives Alert',
      'RM5 Dispatches',
      'Curbside Arrival',
      'Secure Loading',
      'Customer Receives Alert',
      'Customer Pickup',
    ])
  })

  test('careers: RM5ians', async ({ page }) => {
    await page.goto('/careers')
    await expect(page.getByText(/RM5ians/).first()).toBeVisible()
  })

  test("404: 'Page Not Found', 'Oops! Page not found', 'Return to Home', noindex", async ({ page }) => {
    const response = await page.goto(`/spec-strings-${randomUUID().slice(0, 8)}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  })
})

test.describe('§2 apply, §3 options, §4 states and rollout, §8 outcomes', () => {
  test('the rollout phases and the options of both selects', async ({ page }) => {
    await page.goto('/apply')
    const phases = page.getByRole('list', { name: 'Rollout phases' })
    for (const text of [
      'Phase 1',
      'Texas Launch',
      'Q1 2026',
      'Phase 2',
      'Regional Expansion',
      'Q2 2027',
      'Phase 3',
      'National Deployment',
      'Q1 2028',
    ])
      await expect(phases).toContainText(text)
    const options = (label: string) =>
      applyForm(page)
        .getByLabel(label)
        .locator('option')
        .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
    expect(await options('Business type')).toEqual([
      'Restaurant',
      'Quick Service Restaurant (QSR)',
      'Fast Casual',
      'Grocery Store',
      'Convenience Store',
      'Pharmacy',
      'Retail Store',
      'Coffee Shop',
      'Bakery',
      'Other Food Service',
      'Other Retail',
    ])
    const methods = await options('How do you deliver today?')
    for (const method of ['In-house delivery', 'Third-party logistics', 'No delivery currently', 'Other'])
      expect(methods).toContain(method)
  })

  test("'Submitting...', then 'Failed to submit application. Please try again.', then 'Application submitted successfully! We'll be in touch soon.'", async ({
    page,
  }) => {
    test.slow()
    await page.goto('/apply')
    await applyForm(page).scrollIntoViewIfNeeded()
    await waitForHydration(page, 'application-form')
    await typeAnswers(applyForm(page), applicationAnswers(`Spec Strings ${randomUUID().slice(0, 8)}`))
    const release = await holdRequests(page, '**/api/applications', (route) => route.abort())
    await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
    await expect(applyForm(page).getByRole('button', { name: 'Submitting...' })).toBeVisible()
    release()
    await expect(page.getByRole('alert').getByRole('heading').first()).toHaveText(
      'Failed to submit application. Please try again.',
    )
    await page.unroute('**/api/applications')
    await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
    await expect(
      page.getByRole('status', { name: "Application submitted successfully! We'll be in touch soon." }),
    ).toHaveText(/^\s*Application submitted successfully! We'll be in touch soon\./)
  })
})

test.describe
  .serial('§2 gates and the proposal, §5 validation, §8 gate notices', () => {
    let code: { id: string; code: string }
    test.beforeAll(async () => {
      test.setTimeout(120_000)
      code = await newCode('circlek', 'spec-strings e2e')
    })
    test.afterAll(async () => {
      test.setTimeout(120_000)
      await runCli('codes', ['revoke', code.id])
    })

    const notice = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ })
    const openGate = async (page: Page) => {
      await page.goto('/circlek')
      await expect(page.getByRole('button', { name: /Show access code/ })).toBeVisible()
    }

    test("the field 'Access Code', the button 'Access Docket' and the three notices", async ({ page }) => {
      await openGate(page)
      await expect(page.getByLabel('Access Code', { exact: true })).toHaveAttribute('type', 'password')
      const submit = page.getByRole('button', { name: 'Access Docket' })
      await submit.click()
      await expect(notice(page)).toHaveText('Please enter your access code')
      await page.getByLabel('Access Code', { exact: true }).fill('spec-strings-wrong-code')
      await submit.click()
      await expect(notice(page)).toContainText('Invalid access code')
      await expect(notice(page)).toContainText('Please check your code and try again')
      await page.route('**/api/access/verify', (route) => route.abort('connectionfailed'))
      await submit.click()
      await expect(notice(page)).toContainText('Error verifying access code')
      await expect(notice(page)).toContainText('Please try again or contact support')
    })

    test("walmart: no code field, only 'Access Docket'", async ({ page }) => {
      await page.goto('/walmart')
      await expect(page.getByLabel('Access Code', { exact: true })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Access Docket' })).toBeVisible()
    })

    test("'Verifying...' while busy; the proposal's cards and its 'Close Proposal' dialog", async ({
      page,
    }) => {
      test.slow()
      await openGate(page)
      const release = await holdRequests(page, '**/api/access/verify')
      await page.getByLabel('Access Code', { exact: true }).fill(code.code)
      await page.getByRole('button', { name: 'Access Docket' }).click()
      await expect(page.getByRole('button', { name: 'Verifying...' })).toBeVisible()
      release()
      await expect(page).toHaveURL(/\/docket$/)

      await page.goto('/circlek/proposal')
      for (const card of ['Partnership Overview', 'Key Commercial Terms', 'Proposal Status'])
        await expect(page.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.getByRole('button', { name: /close proposal/i }).click()
      const dialog = page.getByRole('dialog', { name: 'Close Proposal' })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText(
        "Are you sure you want to close this proposal? You'll need to enter the access code again to view it.",
      )
      await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible()
    })
  })
