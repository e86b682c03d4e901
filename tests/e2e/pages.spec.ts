import { expect, type Page, test } from '@playwright/test'
import { capabilities } from '../../lib/content/capabilities.ts'
import { coreValues } from '../../lib/content/careers.ts'
import { privacyPolicy } from '../../lib/content/privacy.ts'
import { termsOfService } from '../../lib/content/terms.ts'
import { testimonials } from '../../lib/content/testimonials.ts'
import { publicPaths } from '../../lib/routes.ts'
import { waitForHydration } from './helpers/hydration.ts'
import { expectModalMenu, isModal, phoneMenu } from './helpers/phone-menu.ts'
import { resizeViewport } from './helpers/viewport.ts'

// Public pages: header behaviour, mobile menu, capability map, fade-ins and page content.

const scrollTo = (page: Page, y: number) =>
  page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)

test.describe('header', () => {
  // The same behaviour on a hydrated React page and on an HTML-only page (decision 020).
  for (const path of ['/technology', '/terms']) {
    test(`${path}: switches to the light style past 50 px, hides scrolling down past 100 px, returns scrolling up`, async ({
      page,
    }) => {
      await page.goto(path)
      const header = page.getByRole('banner')
      const logo = header.getByRole('link', { name: 'RM5 home' }).locator('svg')
      await expect(header).toHaveAttribute('data-scrolled', 'false')
      await expect(logo).toHaveAttribute('data-tone', 'light')

      await scrollTo(page, 60)
      await expect(header).toHaveAttribute('data-scrolled', 'true')
      await expect(header).toHaveClass(/is-scrolled/)
      await expect(logo).toHaveAttribute('data-tone', 'dark')
      await expect(logo.locator('text')).toHaveCSS('fill', 'rgb(11, 13, 16)')
      await expect(header).toHaveAttribute('data-hidden', 'false')
      await expect(header).toBeInViewport()

      await scrollTo(page, 600)
      await expect(header).toHaveAttribute('data-hidden', 'true')
      await expect(header).not.toBeInViewport()

      await scrollTo(page, 450)
      await expect(header).toHaveAttribute('data-hidden', 'false')
      await expect(header).toBeInViewport()
      await expect(header).toHaveAttribute('data-scrolled', 'true')

      await scrollTo(page, 0)
      await expect(header).toHaveAttribute('data-scrolled', 'false')
      await expect(logo).toHaveAttribute('data-tone', 'light')
    })
  }

  test('does not hide before 100 px', async ({ page }) => {
    await page.goto('/company')
    await scrollTo(page, 90)
    const header = page.getByRole('banner')
    await expect(header).toHaveAttribute('data-scrolled', 'true')
    await expect(header).toHaveAttribute('data-hidden', 'false')
  })
})

test.describe('mobile menu (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)

  test('opens as a modal dialog and locks scroll; choosing a link closes it and unlocks', async ({
    page,
  }) => {
    await page.goto('/')
    const menu = phoneMenu(page)
    await expect(menu.button).toHaveAttribute('aria-haspopup', 'dialog')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }),
    ).toBeHidden()

    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    expect(await isModal(menu.dialog)).toBe(true)
    for (const label of ['Experience', 'Technology', 'Company', 'Careers', 'Retailer Access']) {
      await expect(menu.nav.getByRole('link', { name: label })).toBeVisible()
    }
    expect(await bodyOverflow(page)).toBe('hidden')

    await menu.nav.getByRole('link', { name: 'Company' }).click()
    await expect(page).toHaveURL(/\/company$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/store that drives itself/i)
    await expect(menu.nav).toBeHidden()
    expect(await bodyOverflow(page)).not.toBe('hidden')
  })

  test('Escape closes it, unlocks scroll and returns focus to the button', async ({ page }) => {
    await page.goto('/experience')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    await menu.nav.getByRole('link', { name: 'Technology' }).focus()
    await page.keyboard.press('Escape')
    await expect(menu.nav).toBeHidden()
    await expect(menu.button).toBeFocused()
    expect(await bodyOverflow(page)).not.toBe('hidden')
  })

  // The same browser dialog as without JavaScript (no-js/pages.spec.ts): the script does not stand
  // in its way.
  test('is modal: Tab stays in it, Escape closes it and gives focus back, a link in it navigates', async ({
    page,
  }) => {
    await expectModalMenu(page, '/company')
  })

  // A browser that does not know invoker commands gets them from the header's script. The browser
  // here knows them: the test hides that, and refuses every command the browser would carry out.
  test('opens and closes as a modal in a browser without invoker commands', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(HTMLButtonElement.prototype, 'commandForElement')
      window.addEventListener('command', (event) => event.preventDefault(), { capture: true })
    })
    await page.goto('/company')
    await expect(page.getByRole('banner')).toHaveAttribute('data-behaviour', 'attached')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    expect(await isModal(menu.dialog)).toBe(true)
    await menu.close.click()
    await expect(menu.nav).toBeHidden()
    await expect(menu.button).toBeFocused()
  })

  test('closes when the window widens to the desktop header, which shows the same links', async ({
    page,
  }) => {
    await page.goto('/technology')
    await expect(page.getByRole('banner')).toHaveAttribute('data-behaviour', 'attached')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav).toBeVisible()
    await resizeViewport(page, { width: 1440, height: 900 })
    await expect(menu.dialog).toBeHidden()
    // The page behind is no longer inert: its header's link takes the click.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click()
    await expect(page).toHaveURL(/\/company$/)
  })

  test('marks the current route in the menu and offers the apply button', async ({ page }) => {
    await page.goto('/careers')
    const menu = phoneMenu(page)
    await menu.button.click()
    await expect(menu.nav.getByRole('link', { name: 'Careers' })).toHaveAttribute('aria-current', 'page')
    await expect(menu.nav.locator('[aria-current="page"] .nav-dot')).toHaveCount(1)
    // The open menu covers the header's bar with its own, in paper, not the hero showing through:
    // its close button is where the Menu button is.
    await expect(menu.dialog).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    const box = await menu.button.boundingBox()
    expect(box).not.toBeNull()
    const there = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.ariaLabel,
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    )
    expect(there).toBe('Close menu')
    await menu.nav.getByRole('link', { name: 'Retailer Access' }).click()
    await expect(page).toHaveURL(/\/apply$/)
    expect(await bodyOverflow(page)).not.toBe('hidden')
  })

  test('the page does not scroll horizontally', async ({ page }) => {
    for (const path of publicPaths) {
      await page.goto(path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

test.describe('technology capability map', () => {
  test('shows the first node by default and another on click', async ({ page }) => {
    await page.goto('/technology')
    // The map is an island: it starts when the visitor comes near it.
    await page.locator('.capability-map').scrollIntoViewIfNeeded()
    const map = page.getByRole('tablist', { name: 'Eight capabilities, one delivery' })
    const tabs = map.getByRole('tab')
    await expect(tabs).toHaveCount(8)
    await expect(tabs).toHaveText(capabilities.map((capability) => new RegExp(capability.name)))

    const first = capabilities[0]
    await expect(map.getByRole('tab', { name: new RegExp(first?.name ?? '') })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const firstPanel = page.getByRole('tabpanel', { name: new RegExp(first?.name ?? '') })
    await expect(firstPanel).toBeVisible()
    await expect(firstPanel.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(firstPanel.getByRole('heading', { name: 'How It Works' })).toBeVisible()
    await expect(page.getByRole('tabpanel')).toHaveCount(1)

    await map.getByRole('tab', { name: /Route Optimization/ }).click()
    await expect(map.getByRole('tab', { name: /Route Optimization/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(map.getByRole('tab', { name: new RegExp(first?.name ?? '') })).toHaveAttribute(
      'aria-selected',
      'false',
    )
    const panel = page.getByRole('tabpanel', { name: /Route Optimization/ })
    await expect(panel).toBeVisible()
    await expect(panel).toContainText(capabilities.find((c) => c.id === 'route-optimization')?.overview ?? '')
    await expect(firstPanel).toBeHidden()
  })

  test('is operable with arrow keys, Home and End (roving tabindex)', async ({ page }) => {
    await page.goto('/technology')
    await page.locator('.capability-map').scrollIntoViewIfNeeded()
    await waitForHydration(page, 'capability-map')
    const map = page.getByRole('tablist', { name: 'Eight capabilities, one delivery' })
    const tab = (index: number) => map.getByRole('tab').nth(index)

    await tab(0).focus()
    await expect(map.locator('[role="tab"][tabindex="0"]')).toHaveCount(1)
    await page.keyboard.press('ArrowDown')
    await expect(tab(1)).toBeFocused()
    await expect(tab(1)).toHaveAttribute('aria-selected', 'true')
    await expect(tab(1)).toHaveAttribute('tabindex', '0')
    await expect(tab(0)).toHaveAttribute('tabindex', '-1')
    await expect(page.getByRole('tabpanel', { name: new RegExp(capabilities[1]?.name ?? '') })).toBeVisible()

    await page.keyboard.press('ArrowRight')
    await expect(tab(2)).toBeFocused()
    await page.keyboard.press('End')
    await expect(tab(7)).toBeFocused()
    await expect(tab(7)).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(tab(0)).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(tab(7)).toBeFocused()
    await page.keyboard.press('Home')
    await expect(tab(0)).toBeFocused()
    await expect(tab(0)).toHaveAttribute('aria-selected', 'true')

    // Tab leaves the tab list for the open panel.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('tabpanel', { name: new RegExp(capabilities[0]?.name ?? '') })).toBeFocused()
  })

  test('has the autonomy video and six safety cards', async ({ page }) => {
    await page.goto('/technology')
    await expect(page.getByRole('heading', { level: 2, name: 'Driverless, on real streets' })).toBeVisible()
    const safety = page.getByRole('region', { name: 'Safety is the first feature' })
    await expect(safety.getByRole('listitem')).toHaveCount(6)
    await expect(safety.getByRole('heading', { level: 3 })).toHaveCount(6)
  })
})

test.describe('home', () => {
  test('has the headline, specs cards, claims, why cards and four testimonials', async ({ page }) => {
    await page.goto('/')
    await expect(
      page.getByRole('heading', { level: 2, name: 'A store that drives itself to the curb.' }),
    ).toBeVisible()
    const cards = {
      'Vehicle Specs': [
        'SAE Level 4',
        '25 mph (40 km/h)',
        '112 miles (180 km)',
        '2,205 lbs',
        '3,724 × 1,424 × 2,100 mm',
      ],
      'Cargo Specs': [
        '10 (2 × 5)',
        '500 lbs (226 kg)',
        '50 lbs',
        '650 × 610 × 445 mm',
        'Ambient, chilled or heated',
        'App-controlled lock',
      ],
    }
    for (const [name, facts] of Object.entries(cards)) {
      const card = page.getByRole('article', { name })
      await expect(card).toBeVisible()
      for (const fact of facts) await expect(card).toContainText(fact)
    }
    const claims = page.getByRole('region', { name: 'Faster for customers. Cheaper for stores.' })
    for (const figure of ['10', '70%', '90%', '10 min', '15 min', '40%', '30%', '60%', '5M+']) {
      await expect(claims.getByRole('term').filter({ hasText: figure }).first()).toBeVisible()
    }
    const why = page.getByRole('region', { name: 'Why RM5' })
    await expect(why.getByRole('listitem')).toHaveText([/Vision/, /Problem/, /Solution/])
    const partners = page.getByRole('region', { name: 'Trusted by the brands people love' })
    await expect(partners.getByRole('blockquote')).toHaveCount(4)
    for (const testimonial of testimonials) await expect(partners).toContainText(testimonial.company)
  })

  test('why cards fade in on scroll', async ({ page }) => {
    // The fade is motion: a visitor's default, no preference (the suite's default is reduce).
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.goto('/')
    const card = page.getByRole('region', { name: 'Why RM5' }).getByRole('listitem').first()
    // Their island starts when the visitor comes within 200 px: just short of the viewport's edge.
    const top = await card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
    await scrollTo(page, top - (page.viewportSize()?.height ?? 900) - 100)
    await expect(card).toHaveAttribute('data-reveal', 'waiting')
    await card.scrollIntoViewIfNeeded()
    await expect(card).toHaveAttribute('data-reveal', 'shown')
    await expect.poll(() => card.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
  })

  test('why cards never hide with prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const cards = page.getByRole('region', { name: 'Why RM5' }).getByRole('listitem')
    await expect(cards.first()).toBeAttached()
    await page.waitForLoadState('networkidle')
    for (const card of await cards.all()) {
      await expect(card).not.toHaveAttribute('data-reveal', /.*/)
      expect(await card.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
    }
  })

  test('does not shift its layout while loading', async ({ page }) => {
    await page.goto('/')
    // Loaded: every resource of the load event, the web fonts, and the network gone quiet.
    await page.waitForLoadState('load')
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    await page.waitForLoadState('networkidle')
    // Settled: every shift since navigation (buffered), counted until the page has drawn a run of
    // frames without a new one. A page that kept shifting would never settle, and fail by timeout.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const QUIET_FRAMES = 30
          let total = 0
          let quiet = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & { value: number; hadRecentInput: boolean }
            >) {
              if (!entry.hadRecentInput) total += entry.value
            }
            quiet = 0
          }).observe({ type: 'layout-shift', buffered: true })
          const frame = () => {
            quiet += 1
            if (quiet >= QUIET_FRAMES) resolve(total)
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }),
    )
    expect(shift).toBeLessThan(0.05)
  })
})

test.describe('content without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every section is in the server HTML and visible', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Why RM5' }).getByRole('listitem').nth(2)).toBeVisible()
    await page.goto('/technology')
    // All eight capabilities, one under the other (more in no-js/pages.spec.ts).
    await expect(page.getByRole('tabpanel')).toHaveCount(0)
    for (const capability of capabilities) {
      await expect(page.getByRole('article', { name: capability.name })).toContainText('Overview')
    }
  })
})

test.describe('experience, company, careers', () => {
  // The timeline's years and titles are the spec's words: tests/e2e/spec-strings.spec.ts holds them.
  test('company shows the timeline and the investor and media wordmarks', async ({ page }) => {
    await page.goto('/company')
    const history = page.getByRole('region', { name: 'From prototype to scale' })
    await expect(history.getByRole('listitem')).toHaveCount(5)
    await expect(page.getByRole('list', { name: 'Investors' }).getByRole('img')).toHaveCount(6)
    await expect(page.getByRole('list', { name: 'Media coverage' }).getByRole('img')).toHaveCount(6)
  })

  test('careers shows the culture, eight values and the offices', async ({ page }) => {
    await page.goto('/careers')
    await expect(page.getByRole('heading', { level: 2, name: 'Life as one of the RM5ians' })).toBeVisible()
    const values = page.getByRole('region', { name: 'Eight values we hire and work by' })
    await expect(values.getByRole('heading', { level: 3 })).toHaveText(coreValues.map((value) => value.title))
    const offices = page.getByRole('region', { name: 'Where we work' })
    await expect(offices.getByRole('heading', { level: 3 })).toHaveCount(3)
    await expect(page.getByRole('figure').first()).toBeVisible()
  })

  test('contact shows the static address and phone', async ({ page }) => {
    await page.goto('/contact')
    const details = page.locator('address')
    await expect(details).toContainText('Glendale, CA')
    await expect(details.getByRole('link', { name: /\+1/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/)
    await expect(details.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
  })
})

test.describe('legal pages', () => {
  for (const [path, document] of [
    ['/terms', termsOfService],
    ['/privacy', privacyPolicy],
  ] as const) {
    test(`${path} has a table of contents linking to anchored headings`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByText(document.updated, { exact: true })).toBeVisible()
      const toc = page.getByRole('navigation', { name: 'On this page' })
      await expect(toc.getByRole('link')).toHaveCount(document.sections.length)
      for (const section of document.sections) {
        await expect(page.locator(`h2#${section.id}`)).toContainText(section.title)
        await expect(page.getByRole('link', { name: `Link to “${section.title}”` })).toHaveAttribute(
          'href',
          `#${section.id}`,
        )
      }
      await resizeViewport(page, { width: 375, height: 800 })
      // On a phone most titles wrap: each anchor follows its title's last word, on the last line.
      for (const section of document.sections) {
        const heading = await page.locator(`h2#${section.id}`).boundingBox()
        const anchor = await page.getByRole('link', { name: `Link to “${section.title}”` }).boundingBox()
        expect(heading && anchor && heading.y + heading.height - (anchor.y + anchor.height)).toBeLessThan(8)
        // A target a finger can take: 24 px each way at least (WCAG 2.5.8).
        expect(anchor && Math.min(anchor.width, anchor.height)).toBeGreaterThanOrEqual(24)
      }
      const last = document.sections.at(-1)
      await toc.getByRole('link', { name: last?.title ?? '' }).click()
      await expect(page).toHaveURL(new RegExp(`#${last?.id}$`))
      await expect(page.locator(`h2#${last?.id}`)).toBeInViewport()
      await expect(page.locator('.legal__contact address')).toContainText('Glendale')
    })
  }
})

test('the closing call keeps "ten-minute" on one line at every width', async ({ page }) => {
  await page.goto('/technology')
  const title = page.locator('#cta-title')
  await expect(title).toHaveText('Bring ten\u2011minute delivery to your stores')
  for (const width of [320, 375, 414, 768, 1024, 1440]) {
    await resizeViewport(page, { width, height: 900 })
    // The tops of the word's first and last letters: one line, or the hyphen broke it.
    const tops = await title.evaluate((heading) => {
      const text = heading.firstChild as Text
      const start = (text.data ?? '').indexOf('ten')
      const at = (offset: number) => {
        const range = document.createRange()
        range.setStart(text, offset)
        range.setEnd(text, offset + 1)
        return Math.round(range.getBoundingClientRect().top)
      }
      return [at(start), at(start + 'ten-minute'.length - 1)]
    })
    expect(tops[1], `at ${width} px`).toBe(tops[0])
  }
})
