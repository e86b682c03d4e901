// The PDF pane island in real Chromium: built with Vite, served with the site's CSP, on a page
// rendered the way a document page renders it. Before hydration and without JavaScript the
// fallback is there; once hydrated PDF.js draws only the pages near the viewport, sharp on HiDPI,
// as wide as the column; the page indicator and keys move through the document; reading time
// leaves in sendBeacon requests on a page change and when the viewer leaves.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentBeacon } from '../../lib/documents/beacon.ts'
import { axeViolations, wcagAxe } from '../helpers/axe.ts'
import { stay } from '../helpers/browser-clock.ts'
import { defaultChromium } from '../helpers/chromium-path.ts'
import { makePdf } from '../helpers/documents.ts'
import { buildPanePage, type PanePageServer, servePanePage } from '../helpers/pdf-pane-page/page.ts'

const PAGES = 12
const props = {
  documentId: 'ab'.repeat(16),
  version: 3,
  pages: PAGES,
  fileUrl: `/docket/documents/${'ab'.repeat(16)}/file`,
  title: 'Q3 rollout deck',
  viewToken: 'view-token',
}
const SHOTS = process.env.PDF_PANE_SHOTS

let outDir: string
let site: PanePageServer
let browser: Browser

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'rm5-pdf-pane-'))
  const built = await buildPanePage(outDir)
  site = await servePanePage(outDir, built, props, await makePdf(PAGES, props.title))
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? defaultChromium() })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

async function open(options: {
  width: number
  height: number
  scale?: number
  javaScript?: boolean
  reducedMotion?: 'reduce'
}) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: options.scale ?? 1,
    javaScriptEnabled: options.javaScript ?? true,
    reducedMotion: options.reducedMotion,
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(site.url)
  return { page, errors, close: () => context.close() }
}

const drawnPages = (page: Page) =>
  page
    .locator('.pdf-pane__page[data-drawn]')
    .evaluateAll((pages) => pages.map((p) => Number((p as HTMLElement).dataset.page)))

/**
 * Presses a toolbar button as a visitor does. Playwright's click() first scrolls the sticky
 * toolbar "into view", which moves the document and so the current page before the press.
 */
const press = (page: Page, label: string) =>
  page.locator(`.pdf-pane__step[aria-label="${label}"]`).evaluate((button) => (button as HTMLElement).click())

/** Smooth scrolling across a document takes a moment: the indicator follows it page by page. */
const SCROLLED = { timeout: 10_000 }

const beaconsReceived = () =>
  site.beacons.map((b) => ({ type: b.type, ...(JSON.parse(b.body) as DocumentBeacon) }))

describe('the PDF pane island', () => {
  it('shows the fallback without JavaScript: the browser viewer and a link to the file', async () => {
    const { page, close } = await open({ width: 1440, height: 900, javaScript: false })
    try {
      await expect.poll(() => page.locator('.pdf-pane__object').isVisible()).toBe(true)
      expect(await page.locator('.pdf-pane__placeholder').isVisible()).toBe(false)
      const link = page.locator('.pdf-pane__message a')
      expect(await link.getAttribute('href')).toBe(props.fileUrl)
      expect(await link.textContent()).toBe(`Open “${props.title}” (PDF, ${PAGES} pages)`)
      expect(await page.locator('button').count()).toBe(0)
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'pdf-pane-no-js-1440.png') })
    } finally {
      await close()
    }
  }, 60_000)

  it('draws the pages near the viewport at the column width, sharp on a 2x screen, and moves by key', async () => {
    site.fileRequests.length = 0
    // Reduced motion: moves jump instead of scrolling smoothly, so each press lands before the next.
    const { page, errors, close } = await open({
      width: 1440,
      height: 900,
      scale: 2,
      reducedMotion: 'reduce',
    })
    try {
      await expect
        .poll(() => page.locator('[data-island="pdf-pane"]').getAttribute('data-island-state'), {
          timeout: 20_000,
        })
        .toBe('hydrated')
      await expect.poll(() => drawnPages(page), { timeout: 20_000 }).toContain(1)
      expect(await page.locator('.pdf-pane__position').textContent()).toBe(`Page 1 of ${PAGES}`)
      // Lazy: the last pages are far below and not drawn.
      expect(await drawnPages(page)).not.toContain(PAGES)
      // Fit to the column, in device pixels.
      const sizes = await page.locator('.pdf-pane__page[data-page="1"] canvas').evaluate((canvas) => ({
        pixels: (canvas as HTMLCanvasElement).width,
        css: canvas.getBoundingClientRect().width,
        column: (canvas.closest('.pdf-pane__pages') as HTMLElement).clientWidth,
      }))
      expect(Math.abs(sizes.css - sizes.column)).toBeLessThanOrEqual(2)
      expect(Math.abs(sizes.pixels - 2 * sizes.css)).toBeLessThanOrEqual(4)
      // The fallback <object> never loaded the file: one request, from PDF.js, for the whole file.
      expect(site.fileRequests).toEqual([''])
      expect(await axeViolations(wcagAxe(page), 'all')).toEqual([])
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'pdf-pane-1440.png') })

      await page.locator('.pdf-pane__pages').focus()
      await page.keyboard.press('End')
      await expect
        .poll(() => page.locator('.pdf-pane__position').textContent(), SCROLLED)
        .toBe(`Page ${PAGES} of ${PAGES}`)
      await expect.poll(() => drawnPages(page), { timeout: 20_000 }).toContain(PAGES)
      expect(await page.locator('.pdf-pane__step[aria-label="Next page"]').isDisabled()).toBe(true)
      await press(page, 'Previous page')
      await expect
        .poll(() => page.locator('.pdf-pane__position').textContent())
        .toBe(`Page ${PAGES - 1} of ${PAGES}`)
      // Pages far from the viewport were dropped again: a long document keeps a few canvases.
      await expect.poll(() => drawnPages(page), SCROLLED).not.toContain(1)
      expect(await page.locator('.pdf-pane__page[data-page="5"]').getAttribute('aria-label')).toBe(
        `Page 5 of ${PAGES}`,
      )
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 90_000)

  it('fits a 375 px phone', async () => {
    const { page, errors, close } = await open({ width: 375, height: 740, scale: 3 })
    try {
      await expect.poll(() => drawnPages(page), { timeout: 20_000 }).toContain(1)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      const canvas = await page.locator('.pdf-pane__page[data-page="1"] canvas').evaluate((c) => ({
        pixels: (c as HTMLCanvasElement).width,
        css: c.getBoundingClientRect().width,
      }))
      expect(canvas.css).toBeLessThanOrEqual(375)
      expect(Math.abs(canvas.pixels - 3 * canvas.css)).toBeLessThanOrEqual(6)
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'pdf-pane-375.png') })
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('sends reading time per page with sendBeacon on a page change and when the viewer leaves', async () => {
    site.beacons.length = 0
    const { page, close } = await open({ width: 1440, height: 900 })
    try {
      await expect.poll(() => drawnPages(page), { timeout: 20_000 }).toContain(1)
      await stay(page, 2100)
      await press(page, 'Next page')
      await expect
        .poll(() => page.locator('.pdf-pane__position').textContent(), SCROLLED)
        .toBe(`Page 2 of ${PAGES}`)
      await expect.poll(() => beaconsReceived().some((b) => b.page === 1), SCROLLED).toBe(true)
      await stay(page, 1500)
      // Leaving the page (pagehide) sends what is left.
      await page.goto('about:blank')
      await expect.poll(() => beaconsReceived().some((b) => b.page === 2), SCROLLED).toBe(true)
      const beacons = beaconsReceived()
      for (const beacon of beacons) {
        expect(beacon.type).toMatch(/^text\/plain/)
        expect(beacon).toMatchObject({ documentId: props.documentId, version: props.version })
        expect(Number.isInteger(beacon.seconds)).toBe(true)
      }
      const pageOne = beacons.filter((b) => b.page === 1)
      expect(pageOne.reduce((sum, b) => sum + b.seconds, 0)).toBeGreaterThanOrEqual(2)
      expect(pageOne.filter((b) => b.shown).length).toBe(1)
      expect(
        beacons.filter((b) => b.page === 2).reduce((sum, b) => sum + b.seconds, 0),
      ).toBeGreaterThanOrEqual(1)
    } finally {
      await close()
    }
  }, 60_000)

  it('sends the time on a Markdown document as page 0 when the viewer leaves', async () => {
    site.beacons.length = 0
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${site.url}/markdown`)
      // The page's clock counts the document once it marks it as page 0.
      await page.locator('[data-reading-page="0"]').waitFor({ state: 'attached' })
      await stay(page, 1500)
      await page.goto('about:blank')
      await expect.poll(() => beaconsReceived().length, SCROLLED).toBeGreaterThan(0)
      const beacons = beaconsReceived()
      expect(beacons.every((b) => b.page === 0 && b.documentId === props.documentId)).toBe(true)
      expect(beacons.reduce((sum, b) => sum + b.seconds, 0)).toBeGreaterThanOrEqual(1)
      expect(beacons.filter((b) => b.shown).length).toBe(1)
    } finally {
      await context.close()
    }
  }, 60_000)

  it('offers the file when the island cannot load, and never fetches it for a hidden <object>', async () => {
    site.fileRequests.length = 0
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      // The pane's own chunk fails to arrive (a flaky network, a blocked script).
      await page.route('**/assets/PdfPane-*.js', (route) => route.abort())
      await page.goto(site.url)
      await expect
        .poll(() => page.locator('[data-island="pdf-pane"]').getAttribute('data-island-state'), SCROLLED)
        .toBe('failed')
      const link = page.locator('.pdf-pane__unavailable a')
      expect(await link.isVisible()).toBe(true)
      expect(await link.getAttribute('href')).toBe(props.fileUrl)
      expect(await page.locator('.pdf-pane__loading').isVisible()).toBe(false)
      expect(await page.locator('object').count()).toBe(0)
      expect(site.fileRequests).toEqual([])
    } finally {
      await context.close()
    }
  }, 60_000)
})
