import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import type { PartnerSlug } from '../../lib/partners.ts'
import { seededCodeGates } from '../helpers/partners.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { runCli } from './helpers/cli.ts'
import { resizeViewport } from './helpers/viewport.ts'

// The access gates, the docket and the proposal in Chromium against the production server.
// Codes are created the way an admin does it, with `npm run codes` attached to the running
// server's embedded database (tests/e2e/helpers/cli.ts); there is no test-only way in.

const codesCli = (args: string[]) => runCli('codes', args)

// One fresh code per gate for this worker, revoked again at the end.
const issued = new Map<PartnerSlug, { id: string; code: string }>()
test.beforeAll(async () => {
  test.setTimeout(120_000)
  await Promise.all(
    seededCodeGates.map(async (retailer) => {
      const out = await codesCli(['generate', retailer, '--label', 'e2e', '--expires', '2h', '--json'])
      const { id, code } = JSON.parse(out) as { id: string; code: string }
      issued.set(retailer, { id, code })
    }),
  )
})
test.afterAll(async () => {
  test.setTimeout(120_000)
  await Promise.all([...issued.values()].map(({ id }) => codesCli(['revoke', id])))
})

const codeOf = (retailer: PartnerSlug) => issued.get(retailer)?.code as string

/** Opens a gate and waits for hydration (the show/hide toggle renders only then). */
async function openGate(page: Page, retailer: PartnerSlug) {
  await page.goto(`/${retailer}`)
  await expect(page.getByRole('button', { name: /Show access code/ })).toBeVisible()
}

const codeField = (page: Page) => page.getByLabel('Access Code', { exact: true })
const notice = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ })

async function expectDocket(page: Page) {
  await expect(page).toHaveURL(/\/docket$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Meet the RM5' })).toBeVisible()
}

const grantCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name.endsWith('-access'))

// Every gate is the one gate component over its partner's data: what the visitor's browser does
// with an empty, a wrong or an unsent code is held on one gate; every gate's own code opens it.
const retailer = seededCodeGates[0] as PartnerSlug

test.describe(`/${retailer}`, () => {
  test('empty submit: asks for the code and sends nothing', async ({ page }) => {
    await openGate(page, retailer)
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/access/')) calls.push(request.url())
    })
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(notice(page)).toHaveText('Please enter your access code')
    await expect(codeField(page)).toBeFocused()
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toEqual([])
    await expect(page).toHaveURL(new RegExp(`/${retailer}$`))
  })

  test('wrong code: says it is invalid, keeps the field for another try', async ({ page }) => {
    await openGate(page, retailer)
    const field = codeField(page)
    await expect(field).toHaveAttribute('type', 'password')
    await expect(field).toHaveAttribute('autocomplete', 'current-password')
    // Pasting is allowed (nothing cancels the paste event), as are password managers.
    const pasteBlocked = await field.evaluate((input) => {
      const event = new ClipboardEvent('paste', {
        bubbles: true,
        cancelable: true,
        clipboardData: new DataTransfer(),
      })
      return !input.dispatchEvent(event)
    })
    expect(pasteBlocked).toBe(false)
    await field.fill('not-the-right-code')
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(notice(page)).toContainText('Invalid access code')
    await expect(notice(page)).toContainText('Please check your code and try again')
    await expect(page.getByRole('button', { name: 'Access Docket' })).toBeEnabled()
    await expect(field).toBeFocused()
    // The focus ring is the refusal's red (--danger), as is the field's border.
    await page.keyboard.press('End')
    await expect(field).toHaveCSS('outline-color', 'rgb(180, 35, 24)')
    expect(await grantCookies(page.context())).toEqual([])
  })

  test('network failure: error notice, logged', async ({ page }) => {
    await openGate(page, retailer)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.route('**/api/access/verify', (route) => route.abort('connectionfailed'))
    await codeField(page).fill(codeOf(retailer))
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(notice(page)).toContainText('Error verifying access code')
    await expect(notice(page)).toContainText('Please try again or contact support')
    expect(errors.some((text) => text.includes('Error verifying access code'))).toBe(true)
    await expect(page).toHaveURL(new RegExp(`/${retailer}$`))
  })
})

for (const retailer of seededCodeGates) {
  test.describe(`/${retailer}`, () => {
    test('right code: Verifying... while pending, then the docket', async ({ page }) => {
      await openGate(page, retailer)
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/api/access/verify', async (route) => {
        await held
        await route.continue()
      })
      await codeField(page).fill(codeOf(retailer))
      await page.getByRole('button', { name: 'Access Docket' }).click()
      const busy = page.getByRole('button', { name: 'Verifying...' })
      await expect(busy).toBeVisible()
      // Never disabled: focus stays on the button while the code is checked.
      await expect(busy).toHaveAttribute('aria-disabled', 'true')
      await expect(busy).toBeFocused()
      release()
      await expectDocket(page)
      const [cookie] = await grantCookies(page.context())
      expect(cookie).toMatchObject({
        name: `${retailer}-access`,
        httpOnly: true,
        sameSite: 'Lax',
        expires: -1,
      })
      // The grant lives in an HttpOnly cookie only: nothing in the page's storage, nothing readable.
      expect(
        await page.evaluate(() => [document.cookie, sessionStorage.length, localStorage.length]),
      ).toEqual(['', 0, 0])
    })
  })
}

test('the card sits beside the heading on a desktop and below it on a phone', async ({ page }) => {
  // Both boxes from one layout: two reads could straddle a reflow.
  const boxes = () =>
    page.evaluate(() => {
      const heading = document.querySelector('h1')?.getBoundingClientRect()
      const card = document.querySelector('.gate-card')?.getBoundingClientRect()
      if (!heading || !card) throw new Error('the heading or the card is missing')
      return {
        heading: { x: heading.x, y: heading.y, width: heading.width, height: heading.height },
        card: { x: card.x, y: card.y },
      }
    })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/circlek')
  const wide = await boxes()
  expect(wide.card.x).toBeGreaterThanOrEqual(wide.heading.x + wide.heading.width)
  expect(wide.card.y).toBeLessThan(wide.heading.y + wide.heading.height)
  await resizeViewport(page, { width: 375, height: 812 })
  const narrow = await boxes()
  expect(narrow.card.y).toBeGreaterThanOrEqual(narrow.heading.y + narrow.heading.height)
})

test('429: says when to try again', async ({ page }) => {
  await openGate(page, 'partner')
  await page.route('**/api/access/verify', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '42', 'content-type': 'application/json' },
      body: JSON.stringify({
        success: false,
        error: { code: 'rate_limited', message: 'Too many attempts.' },
      }),
    }),
  )
  await codeField(page).fill('some-code-123')
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(notice(page)).toContainText('Too many attempts')
  await expect(notice(page)).toContainText('Please try again in 42 seconds.')
})

test('/walmart: no code field, the button grants access directly', async ({ page }) => {
  await page.goto('/walmart')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Walmart')
  await expect(codeField(page)).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expectDocket(page)
  expect((await grantCookies(page.context())).map((cookie) => cookie.name)).toEqual(['walmart-access'])
})

test.describe('guards', () => {
  test('/docket without a grant lands on / (server redirect)', async ({ page, request }) => {
    const direct = await request.get('/docket', { maxRedirects: 0 })
    expect(direct.status()).toBe(302)
    expect(direct.headers().location).toBe('/')
    await page.goto('/docket')
    await expect(page).toHaveURL(/\/$/)
  })

  test('a link to /docket without a grant is refused by the server (whole page load, decision 020)', async ({
    page,
  }) => {
    await page.goto('/technology')
    await page.waitForLoadState('networkidle')
    const answered: string[] = []
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document')
        answered.push(`${r.status()} ${new URL(r.url()).pathname}`)
    })
    // A forged sessionStorage flag (the spec's old mechanism) changes nothing.
    await page.evaluate(() => {
      sessionStorage.setItem('circlek-access', 'granted')
      const link = document.createElement('a')
      link.href = '/docket'
      link.textContent = 'to the docket'
      document.body.append(link)
    })
    await page.getByRole('link', { name: 'to the docket' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(answered).toEqual(['302 /docket', '200 /'])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the RM5')
  })

  test('/circlek/proposal without the circlek grant goes to the circlek gate', async ({ page, request }) => {
    const direct = await request.get('/circlek/proposal', { maxRedirects: 0 })
    expect(direct.status()).toBe(302)
    expect(direct.headers().location).toBe('/circlek')
    await page.goto('/circlek/proposal')
    await expect(page).toHaveURL(/\/circlek$/)
  })
})

test('a gate reached with ?error= (after a no-JS post) hydrates cleanly and keeps working', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/pizzahut?error=rate_limited&retry=30')
  await expect(notice(page)).toContainText('Please try again in 30 seconds.')
  await expect(page.getByRole('button', { name: /Show access code/ })).toBeVisible()
  await page.getByRole('button', { name: 'Access Docket' }).click()
  await expect(notice(page)).toHaveText('Please enter your access code')
  expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form: wrong code comes back with the notice, the right one opens the docket', async ({
    page,
  }) => {
    await page.goto('/compass')
    await codeField(page).fill('wrong-code-nojs')
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/compass\?error=invalid$/)
    await expect(notice(page)).toContainText('Invalid access code')
    await expect(notice(page)).toContainText('Please check your code and try again')
    await codeField(page).fill(codeOf('compass'))
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/docket$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Meet the RM5' })).toBeVisible()
  })
})

test.describe('proposal', () => {
  test('Cancel and Escape keep it open; Close ends the grant, goes home at the top', async ({ page }) => {
    test.setTimeout(90_000) // a verify, three page loads and the dialog round trips
    await openGate(page, 'circlek')
    await codeField(page).fill(codeOf('circlek'))
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expectDocket(page)

    await page.goto('/circlek/proposal')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnership Proposal')
    for (const card of ['Partnership Overview', 'Key Commercial Terms', 'Proposal Status']) {
      await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible()
    }
    await expect(page.getByText('$3.00', { exact: true })).toBeVisible()
    await expect(page.getByText('972', { exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')

    const open = page.getByRole('button', { name: 'Close proposal' })
    const dialog = page.getByRole('dialog', { name: 'Close Proposal' })
    await open.click()
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog).toContainText(
      "Are you sure you want to close this proposal? You'll need to enter the access code again to view it.",
    )
    const cancel = dialog.getByRole('button', { name: 'Cancel' })
    const close = dialog.getByRole('button', { name: 'Close', exact: true })
    await expect(cancel).toBeFocused()
    // Focus stays in the dialog.
    await page.keyboard.press('Tab')
    await expect(close).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(cancel).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(close).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()
    await open.click()
    await cancel.click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/circlek\/proposal$/)

    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    await open.click()
    await close.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the RM5')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect((await grantCookies(page.context())).map((cookie) => cookie.name)).not.toContain('circlek-access')

    // The sentence holds: the proposal now needs the code again.
    await page.goto('/circlek/proposal')
    await expect(page).toHaveURL(/\/circlek$/)
    await expect(codeField(page)).toBeVisible()
  })
})

test.describe('proposal asked to close by its address', () => {
  test('with JavaScript the question opens as the modal dialog; Cancel leaves the plain address', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await openGate(page, 'circlek')
    await codeField(page).fill(codeOf('circlek'))
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expectDocket(page)
    await page.goto('/circlek/proposal?close=confirm')
    const dialog = page.getByRole('dialog', { name: 'Close Proposal' })
    await expect(dialog).toBeVisible()
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/circlek\/proposal$/)
    await expect(page.getByRole('button', { name: 'Close proposal' })).toBeFocused()
  })
})

test.describe('accessibility', () => {
  for (const width of [375, 1440]) {
    test(`gate with a notice, walmart gate and proposal dialog have no serious axe violation at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(90_000)
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await openGate(page, 'investor')
      await page.getByRole('button', { name: 'Access Docket' }).click()
      await expect(notice(page)).toHaveText('Please enter your access code')
      await expectNoSeriousViolation(page)
      await page.goto('/walmart')
      await page.waitForLoadState('networkidle')
      await expectNoSeriousViolation(page)

      await openGate(page, 'circlek')
      await codeField(page).fill(codeOf('circlek'))
      await page.getByRole('button', { name: 'Access Docket' }).click()
      await expectDocket(page)
      await page.goto('/circlek/proposal')
      await page.waitForLoadState('networkidle')
      await expectNoSeriousViolation(page)
      // The Close pill lies over none of the hero's words: beside them on a desktop, under them on a phone.
      const overlaps = await page.getByRole('button', { name: 'Close proposal' }).evaluate((button) => {
        const pill = button.getBoundingClientRect()
        const hero = button.closest('.container') as Element
        const words: DOMRect[] = []
        for (const element of hero.querySelectorAll('.eyebrow, h1, .lede')) {
          const range = document.createRange()
          range.selectNodeContents(element)
          words.push(...range.getClientRects())
        }
        return words.filter(
          (box) =>
            box.left < pill.right && pill.left < box.right && box.top < pill.bottom && pill.top < box.bottom,
        ).length
      })
      expect(overlaps).toBe(0)
      await page.getByRole('button', { name: 'Close proposal' }).click()
      await expect(page.getByRole('dialog', { name: 'Close Proposal' })).toBeVisible()
      await expectNoSeriousViolation(page)
    })
  }
})
