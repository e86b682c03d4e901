import { type Browser, expect, type Page, test } from '@playwright/test'

// Responsive hero images (docs/decisions/006-responsive-images.md): the LCP image of a page hero
// (/technology) and of the home hero's video still (/) is the AVIF a <picture> offers, of a width
// that fits the viewport, preloaded once from <head> with fetchpriority=high.

const HEROES = [
  { path: '/technology', img: '.page-hero__media', original: '/media/Heros/technology', desktop: 1920 },
  { path: '/', img: '.hero-video .rm-video__poster', original: '/media/video/rm5-demo/poster', desktop: 960 },
] as const

interface Loaded {
  page: Page
  /** Content-Type of every response for this hero's original or its variants, by URL path. */
  served: Map<string, string>
  currentSrc: string
  lcpUrl: string
}

async function open(
  browser: Browser,
  path: string,
  img: string,
  original: string,
  width: number,
): Promise<Loaded> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 })
  const page = await context.newPage()
  const served = new Map<string, string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith(`${original}.`))
      served.set(url.pathname, response.headers()['content-type'] ?? '')
  })
  await page.goto(path, { waitUntil: 'load' })
  const image = page.locator(img)
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true)
  const currentSrc = new URL(await image.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname
  // What the browser itself reports as the page's largest contentful paint.
  const lcpUrl = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { url: string })[]
          resolve(entries.at(-1)?.url ?? '')
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  return { page, served, currentSrc, lcpUrl: lcpUrl ? new URL(lcpUrl).pathname : '' }
}

for (const hero of HEROES) {
  test.describe(`hero image of ${hero.path}`, () => {
    test('at 375 px the LCP image is the 640 px AVIF, downloaded once', async ({ browser }) => {
      const { page, served, currentSrc, lcpUrl } = await open(
        browser,
        hero.path,
        hero.img,
        hero.original,
        375,
      )
      expect(currentSrc).toBe(`${hero.original}.w640.avif`)
      expect(lcpUrl).toBe(currentSrc)
      expect(served.get(currentSrc)).toBe('image/avif')
      // Preload and <picture> agree: no second format or width of the same image was fetched.
      expect([...served.keys()]).toEqual([currentSrc])
      await page.context().close()
    })

    test('on a wide screen it takes a larger AVIF', async ({ browser }) => {
      const { page, served, currentSrc } = await open(browser, hero.path, hero.img, hero.original, 1440)
      expect(currentSrc).toBe(`${hero.original}.w${hero.desktop}.avif`)
      expect(served.get(currentSrc)).toBe('image/avif')
      await page.context().close()
    })

    test('<head> holds exactly one image preload, high priority, for the AVIF candidates', async ({
      page,
    }) => {
      // The HTML as served: the preload works while the parser reads it (React may drop the
      // hoisted <link> once hydrated, so the live DOM says nothing about it).
      const html = await (await page.request.get(hero.path)).text()
      await page.goto(hero.path)
      const found = await page.evaluate(
        ({ markup, img }) => {
          const doc = new DOMParser().parseFromString(markup, 'text/html')
          const links = [...doc.head.querySelectorAll('link[rel="preload"][as="image"]')]
          const source = doc
            .querySelector(img)
            ?.closest('picture')
            ?.querySelector('source[type="image/avif"]')
          return {
            links: links.map((l) => ({
              fetchpriority: l.getAttribute('fetchpriority'),
              type: l.getAttribute('type'),
              imagesizes: l.getAttribute('imagesizes'),
              imagesrcset: l.getAttribute('imagesrcset'),
            })),
            avifSrcset: source?.getAttribute('srcset'),
            bodyPreloads: doc.body.querySelectorAll('link[rel="preload"][as="image"]').length,
          }
        },
        { markup: html, img: hero.img },
      )
      expect(found.links).toHaveLength(1)
      expect(found.bodyPreloads).toBe(0)
      const [link] = found.links
      expect(link).toMatchObject({ fetchpriority: 'high', type: 'image/avif', imagesizes: '100vw' })
      expect(link?.imagesrcset).toContain(`${hero.original}.w640.avif 640w`)
      // The same candidates as the <picture>'s AVIF source, so the preloaded file is the one used.
      expect(link?.imagesrcset).toBe(found.avifSrcset)
      const img = page.locator(hero.img)
      await expect(img).toHaveAttribute('fetchpriority', 'high')
      await expect(img).not.toHaveAttribute('loading', 'lazy')
      await expect(img).toHaveAttribute('width', /^\d+$/)
      await expect(img).toHaveAttribute('height', /^\d+$/)
    })
  })
}
