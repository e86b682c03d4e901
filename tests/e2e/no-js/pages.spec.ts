import { expect, type Page, test } from '@playwright/test'
import { capabilities } from '../../../lib/content/capabilities.ts'
import { TURNTABLE_NEEDS_SCRIPT } from '../../../lib/turntable/messages.ts'
import { runCli } from '../helpers/cli.ts'
import { deadControls } from '../helpers/controls.ts'
import { expectModalMenu, phoneMenu } from '../helpers/phone-menu.ts'

// HTML first (decisions 022 and 023): with JavaScript off the pages behind a gate load and read
// whole, every control in their header and main does something by itself
// (tests/e2e/helpers/controls.ts), and the public pages' fallbacks work. The public pages' loads
// and controls are held by no-js/a11y.spec.ts, from the load axe judges.

async function expectPageWorks(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  expect(await deadControls(page), path).toEqual([])
}

test.describe('behind a gate', () => {
  const issued: { id: string; code: string }[] = []
  const codeFor = async (retailer: 'compass' | 'circlek') => {
    const out = await runCli('codes', [
      'generate',
      retailer,
      '--label',
      'e2e-no-js',
      '--expires',
      '2h',
      '--json',
    ])
    const code = JSON.parse(out) as { id: string; code: string }
    issued.push(code)
    return code.code
  }
  test.afterAll(async () => {
    test.setTimeout(120_000)
    await Promise.all(issued.map(({ id }) => runCli('codes', ['revoke', id])))
  })

  /** Opens a gate with its plain form post, as a browser without JavaScript does. */
  async function enter(page: Page, retailer: 'compass' | 'circlek') {
    const code = await codeFor(retailer)
    await page.goto(`/${retailer}`)
    await page.getByLabel('Access Code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Access Docket' }).click()
    await expect(page).toHaveURL(/\/docket$/)
  }

  test('the docket loads with a grant, and every control does something', async ({ page }) => {
    test.setTimeout(90_000)
    await enter(page, 'compass')
    await expect(page.getByRole('heading', { level: 1, name: 'Meet the RM5' })).toBeVisible()
    expect(await deadControls(page)).toEqual([])
  })

  test('the proposal loads with a grant; its close button asks first, then ends the grant without JavaScript', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await enter(page, 'circlek')
    await expectPageWorks(page, '/circlek/proposal')
    const dialog = page.getByRole('dialog', { name: 'Close Proposal' })
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Close proposal' }).click()
    await expect(page).toHaveURL(/\/circlek\/proposal\?close=confirm$/)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(
      "Are you sure you want to close this proposal? You'll need to enter the access code again to view it.",
    )
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    // Styled as the modal is: the variant links the site's stylesheet (renderer/+Head.tsx).
    expect(await dialog.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
    expect(await deadControls(page)).toEqual([])
    // Cancel keeps the proposal open: the grant still opens it.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.goto('/circlek/proposal')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnership Proposal')
    await page.getByRole('button', { name: 'Close proposal' }).click()
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/circlek/proposal')
    await expect(page).toHaveURL(/\/circlek$/)
  })
})

test('the technology map shows all eight capabilities, and its nodes lead to them', async ({ page }) => {
  await page.goto('/technology')
  for (const capability of capabilities) {
    const panel = page.getByRole('article', { name: capability.name })
    await expect(panel).toBeVisible()
    await expect(panel).toContainText(capability.overview)
    await expect(panel.getByRole('heading', { name: 'How It Works' })).toBeVisible()
  }
  const last = capabilities.at(-1)
  await page.getByRole('link', { name: new RegExp(last?.name ?? '') }).click()
  await expect(page).toHaveURL(new RegExp(`#capability-panel-${last?.id}$`))
  await expect(page.getByRole('article', { name: last?.name })).toBeInViewport()
})

test('the 360° viewer shows its first frame as an image, and says that turning needs JavaScript', async ({
  page,
}) => {
  await page.goto('/')
  const viewer = page.getByRole('group', { name: 'The RM5 from every side' })
  await viewer.scrollIntoViewIfNeeded()
  const image = viewer.getByRole('img')
  await expect(image).toBeVisible()
  await expect(image).toHaveAttribute('src', /\/rm5_1\.jpg$/)
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText(TURNTABLE_NEEDS_SCRIPT)).toBeVisible()
  // The spec's hint belongs to the turning viewer only.
  await expect(page.getByText('Click & Drag to Rotate')).toBeHidden()
  await expect(page.getByText('Loading 360° Viewer...')).toHaveCount(0)
})

test('"Meet the RM5" is a link to a film the browser plays by itself', async ({ page }) => {
  await page.goto('/')
  const link = page.getByRole('link', { name: /Meet the RM5/ })
  const href = await link.getAttribute('href')
  expect(href).toMatch(/\.mp4$/)
  const film = await page.request.get(href ?? '')
  expect(film.status()).toBe(200)
  expect(film.headers()['content-type']).toBe('video/mp4')
  // An MP4 starts with its file-type box.
  expect((await film.body()).subarray(4, 8).toString('latin1')).toBe('ftyp')
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
})

test('the hero film is the browser’s own player: poster and native controls', async ({ page }) => {
  await page.goto('/')
  const film = page.locator('.hero-video video[controls]')
  await expect(film).toBeVisible()
  await expect(film).toHaveAttribute('poster', /poster\.jpg$/)
  await expect(film).toHaveAttribute('src', /\.mp4$/)
  // Nothing covers its control bar: a press there reaches the video.
  const box = await film.boundingBox()
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, {
    x: (box?.x ?? 0) + 24,
    y: (box?.y ?? 0) + (box?.height ?? 0) - 16,
  })
  expect(hit).toBe('VIDEO')
})

test('the showcase film, under the frames, is its still alone: no player there to Tab into', async ({
  page,
}) => {
  await page.goto('/')
  const stage = page.locator('.showcase-media')
  await stage.scrollIntoViewIfNeeded()
  await expect(stage.locator('.rm-video__poster')).toBeVisible()
  await expect(stage.locator('video')).toHaveCount(1)
  // The one <video> is the scripted player's, out of the Tab order and hidden from assistive tech.
  await expect(stage.locator('video')).toHaveAttribute('tabindex', '-1')
  await expect(stage.locator('video[controls]')).toHaveCount(0)
})

test.describe('phone menu', () => {
  test.use({ viewport: { width: 375, height: 812 } })
  test('opens from its button and closes from its own', async ({ page }) => {
    await page.goto('/company')
    const menu = phoneMenu(page)
    await expect(menu.nav).toBeHidden()
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    await expect(menu.nav.getByRole('link', { name: 'Technology' })).toBeVisible()
    await menu.close.click()
    await expect(menu.nav).toBeHidden()
    await expect(menu.button).toBeFocused()
  })

  // The browser's own modal dialog, opened by an invoker command: no script keeps Tab in the menu.
  test('is modal: Tab stays in it, Escape closes it and gives focus back, a link in it navigates', async ({
    page,
  }) => {
    await expectModalMenu(page, '/company')
  })
})

// Nothing turns the header light past the hero without JavaScript: it must not lie dark over the
// page's text, so it scrolls away with the top of the page.
test('the header scrolls away with the top of the page instead of covering its text', async ({ page }) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 812 })
    await page.goto('/contact')
    await page.getByRole('button', { name: /send/i }).scrollIntoViewIfNeeded()
    const bottom = await page
      .locator('.site-header')
      .evaluate((header) => header.getBoundingClientRect().bottom)
    expect(bottom, `${width} px`).toBeLessThanOrEqual(0)
  }
})
