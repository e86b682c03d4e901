import {
  type Browser,
  chromium,
  expect,
  type Locator,
  type Page,
  type Response,
  test,
} from '@playwright/test'
import { defaultChromium } from '../helpers/chromium-path.ts'
import { dragHorizontally } from './helpers/drag.ts'
import { type EmptyServer, startEmptyServer } from './helpers/empty-server.ts'
import { waitForHydration } from './helpers/hydration.ts'
import { photographWidths } from './helpers/viewport.ts'

// Media on the production build: hero video, the streamed 'Meet the RM5' dialog (native HLS,
// hls.js and mp4 fallbacks), the 360° viewer (drag, keys, buttons, empty storage), hero frames,
// parallax and the header animation.

// Motion is what these tests hold: a visitor's default, no preference (the suite's default is reduce).
test.use({ reducedMotion: 'no-preference' })

/** docs/original-behaviour.md: the viewer's message when no bucket holds an image. */
const NO_IMAGES_ANYWHERE =
  'No images found in any storage bucket. Please check that your images were uploaded correctly to the "360" bucket.'

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime)

/** Real playback: the clock of the element moves on (either way: a looping film may wrap). */
async function expectPlaying(video: Locator) {
  const start = await currentTime(video)
  await expect
    .poll(async () => Math.abs((await currentTime(video)) - start), { timeout: 15_000 })
    .toBeGreaterThan(0.4)
}

/** Pretends the browser has no native HLS (Firefox, older Chromium), optionally no MSE either. */
async function withoutNativeHls(page: Page, { mse = true } = {}) {
  await page.addInitScript((keepMse) => {
    const original = HTMLMediaElement.prototype.canPlayType
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : original.call(this, type)
    }
    if (!keepMse) {
      Object.defineProperty(window, 'MediaSource', { value: undefined })
      Object.defineProperty(window, 'ManagedMediaSource', { value: undefined })
    }
  }, mse)
}

test.describe('hero video', () => {
  test.describe.configure({ timeout: 60_000 })
  test('autoplays muted, advances, and pauses from its visible control', async ({ page }) => {
    await page.goto('/')
    const box = page.locator('.hero-video')
    const video = box.locator('video')
    await expect(box).toHaveAttribute('data-state', 'playing', { timeout: 15_000 })
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true)
    await expectPlaying(video)
    await expect(video).toContainText('Your browser does not support the video tag.')

    await page.getByRole('button', { name: 'Pause background video' }).click()
    await expect(box).toHaveAttribute('data-state', 'paused')
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    await page.getByRole('button', { name: 'Play background video' }).click()
    await expectPlaying(video)
  })

  test('shows the overlay play button when autoplay is blocked, and plays on click', async ({ baseURL }) => {
    const browser: Browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? defaultChromium(),
      args: ['--autoplay-policy=user-gesture-required', '--disable-background-networking'],
    })
    try {
      const page = await browser.newPage({ baseURL, viewport: { width: 1440, height: 900 } })
      // Chromium exempts *muted* video from that policy (it still autoplays), so the block that
      // iOS Low Power Mode or a strict browser setting applies is reproduced in the page too:
      // play() is refused with NotAllowedError until the visitor has interacted.
      await page.addInitScript(() => {
        let interacted = false
        addEventListener(
          'pointerdown',
          (event) => {
            if (event.isTrusted) interacted = true
          },
          true,
        )
        const play = HTMLMediaElement.prototype.play
        HTMLMediaElement.prototype.play = function () {
          if (interacted) return play.call(this)
          return Promise.reject(
            new DOMException(
              "play() failed because the user didn't interact with the document first.",
              'NotAllowedError',
            ),
          )
        }
      })
      const messages: string[] = []
      page.on('console', (message) => messages.push(message.text()))
      await page.goto('/')
      const box = page.locator('.hero-video')
      const overlay = box.getByRole('button', { name: 'Play background video' })
      await expect(overlay).toBeVisible({ timeout: 15_000 })
      await expect(box).toHaveAttribute('data-state', 'blocked')
      expect(messages.some((text) => text.startsWith('Auto-play prevented'))).toBe(true)

      await overlay.click()
      await expect(box).toHaveAttribute('data-state', 'playing')
      await expect(overlay).toBeHidden()
      await expect(box.getByRole('button', { name: 'Pause background video' })).toBeVisible()
      await expectPlaying(box.locator('video'))
    } finally {
      await browser.close()
    }
  })

  test('under reduced motion waits with poster and play button, and loads nothing until asked', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const messages: string[] = []
    const playlists: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    page.on('request', (request) => {
      if (request.url().includes('.m3u8')) playlists.push(request.url())
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const box = page.locator('.hero-video')
    await expect(box.getByRole('button', { name: 'Play background video' })).toBeVisible()
    await expect(box).toHaveAttribute('data-state', 'idle')
    await expect(box.locator('.rm-video__poster')).toBeVisible()
    expect(playlists).toEqual([])
    expect(messages.filter((text) => text.includes('Auto-play prevented'))).toEqual([])

    await box.getByRole('button', { name: 'Play background video' }).click()
    await expectPlaying(box.locator('video'))
  })
})

test.describe('Meet the RM5 dialog', () => {
  test.describe.configure({ timeout: 60_000 })
  const open = async (page: Page) => {
    await page.goto('/')
    // A link to the film until its island hydrates (no-js/pages.spec.ts), then a dialog button.
    const card = page.getByRole('button', { name: /Meet the RM5/ })
    await card.click()
    const dialog = page.getByRole('dialog', { name: 'Meet the RM5' })
    await expect(dialog).toBeVisible()
    return { card, dialog }
  }

  test('streams HLS from our storage through hls.js where native HLS is missing; Escape closes', async ({
    page,
  }) => {
    await withoutNativeHls(page)
    // hls.js transmuxes in a worker that its instances share, and terminates it when the last one
    // is destroyed. Under reduced motion the hero film waits for a click, so the dialog's
    // instance is the only one and the worker closing says it was destroyed.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    let hlsWorkerClosed = false
    page.on('worker', (worker) => {
      if (worker.url().includes('/hls.worker.')) worker.once('close', () => (hlsWorkerClosed = true))
    })
    const paths: string[] = []
    page.on('request', (request) => paths.push(new URL(request.url()).pathname))
    const { card, dialog } = await open(page)
    const box = dialog.locator('.rm-video')
    await expect(box).toHaveAttribute('data-engine', 'hls.js', { timeout: 15_000 })
    await expectPlaying(dialog.locator('video'))
    expect(await dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/)
    expect(paths).toContain('/media/video/rm5-demo.m3u8')
    expect(paths.some((path) => /^\/media\/video\/rm5-demo\/seg_\d+\.ts$/.test(path))).toBe(true)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(card).toBeFocused()
    // Unmounted: the hls.js instance is destroyed, which aborts its loaders and stops its timers
    // (no more segment fetches). Waiting for its worker to close waits for the teardown itself,
    // not for a time in which nothing happened.
    await expect(page.locator('dialog video')).toHaveCount(0)
    await expect.poll(() => hlsWorkerClosed).toBe(true)
  })

  test('plays native HLS where the browser has it, traps focus, and the close button returns focus', async ({
    page,
  }) => {
    const { card, dialog } = await open(page)
    const box = dialog.locator('.rm-video')
    const native = await page.evaluate(() =>
      document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
    )
    await expect(box).toHaveAttribute('data-engine', native ? 'native' : 'hls.js', { timeout: 15_000 })
    await expectPlaying(dialog.locator('video'))
    await expect(dialog.getByRole('button', { name: 'Close video' })).toBeFocused()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
    }
    await dialog.getByRole('button', { name: 'Close video' }).click()
    await expect(dialog).toBeHidden()
    await expect(card).toBeFocused()
  })

  test('falls back to the mp4 rendition without HLS or Media Source Extensions', async ({ page }) => {
    await withoutNativeHls(page, { mse: false })
    const { dialog } = await open(page)
    await expect(dialog.locator('.rm-video')).toHaveAttribute('data-engine', 'mp4', { timeout: 15_000 })
    await expectPlaying(dialog.locator('video'))
    expect(await dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(
      /\/media\/video\/rm5-demo\/high\.mp4$/,
    )
  })
})

test.describe('first load', () => {
  test("ships the viewer's first frame in the HTML and neither hls.js nor lottie in the first JS", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text()
    expect(html).toMatch(/<img class="turntable__image" src="[^"]*\/rm5_1\.jpg"/)
    expect(html).not.toContain('Loading 360° Viewer...')
    const responses: Response[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) responses.push(response)
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const scripts = await Promise.all(responses.map((response) => response.text()))
    expect(scripts.length).toBeGreaterThan(0)
    // Strings found only inside hls.js and lottie-web themselves.
    expect(scripts.filter((body) => body.includes('hlsManifestParsed'))).toEqual([])
    expect(scripts.filter((body) => body.includes('bodymovin'))).toEqual([])
  })
})

test.describe('360° viewer', () => {
  const image = (page: Page) => page.locator('.turntable__image')

  async function ready(page: Page) {
    await page.goto('/')
    const viewer = page.locator('.turntable')
    await viewer.scrollIntoViewIfNeeded()
    await expect(viewer).toHaveAttribute('data-state', 'ready')
    await expect(page.getByText('Click & Drag to Rotate')).toBeVisible()
    await expect(image(page)).toHaveAttribute('src', /\/rm5_1\.jpg$/)
    return page.getByRole('group', { name: 'The RM5 from every side' })
  }

  const drag = (page: Page, surface: Locator, dx: number) => dragHorizontally(page, surface, dx, 4)

  test('shows its hint over the picture on a desktop and under it on a phone, clear of the buttons', async ({
    page,
  }) => {
    await ready(page)
    const stage = page.locator('.turntable__stage')
    const hint = page.locator('.turntable__hint')
    await photographWidths(page, 'turntable', {
      check: async () => {
        await stage.scrollIntoViewIfNeeded()
        const [box, hintBox] = [await stage.boundingBox(), await hint.boundingBox()]
        const phone = (page.viewportSize()?.width ?? 0) < 600
        expect(box && hintBox && hintBox.y >= box.y + box.height).toBe(phone)
        expect(hintBox && box && hintBox.x >= box.x && hintBox.x + hintBox.width <= box.x + box.width).toBe(
          true,
        )
      },
    })
  })

  test('turns one frame per 15 px: right steps back, left forward, wrapping both ways', async ({ page }) => {
    const surface = await ready(page)
    await drag(page, surface, 14)
    await expect(image(page)).toHaveAttribute('src', /\/rm5_1\.jpg$/)
    await drag(page, surface, 16)
    await expect(image(page)).toHaveAttribute('src', /\/rm5_36\.jpg$/)
    await expect(image(page)).toHaveAttribute('alt', 'The RM5, view 36 of 36')
    await drag(page, surface, -16)
    await expect(image(page)).toHaveAttribute('src', /\/rm5_1\.jpg$/)
    await drag(page, surface, -46)
    await expect(image(page)).toHaveAttribute('src', /\/rm5_4\.jpg$/)
  })

  test('turns with the arrow keys when focused and with the previous/next buttons', async ({ page }) => {
    const surface = await ready(page)
    await surface.focus()
    await page.keyboard.press('ArrowRight')
    await expect(image(page)).toHaveAttribute('src', /\/rm5_2\.jpg$/)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(image(page)).toHaveAttribute('src', /\/rm5_36\.jpg$/)
    await page.getByRole('button', { name: 'Next view' }).click()
    await expect(image(page)).toHaveAttribute('src', /\/rm5_1\.jpg$/)
    await page.getByRole('button', { name: 'Previous view' }).click()
    await expect(image(page)).toHaveAttribute('src', /\/rm5_36\.jpg$/)
  })

  test('is reached with Tab before it has loaded, and a key pressed then turns it once it has', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page, 'meet-rm5')
    await expect(page.locator('[data-island="turntable"]')).toHaveAttribute('data-island-state', 'waiting')
    await page.locator('.meet-card').focus()
    const viewer = page.getByRole('group', { name: 'The RM5 from every side' })
    // Tab stops on each control after the card until the viewer has focus: none lies between.
    await page.keyboard.press('Tab')
    await expect(viewer).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.locator('.turntable')).toHaveAttribute('data-state', 'ready')
    await expect(image(page)).toHaveAttribute('src', /\/rm5_2\.jpg$/)
  })

  test('keeps its box while loading: no layout shift', async ({ page }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/turntable', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    const stage = page.locator('.turntable__stage')
    await stage.scrollIntoViewIfNeeded()
    await expect(page.getByText('Loading 360° Viewer...')).toBeVisible()
    const before = await stage.boundingBox()
    release()
    await expect(page.locator('.turntable')).toHaveAttribute('data-state', 'ready')
    const after = await stage.boundingBox()
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0)
    expect(after?.y).toBeCloseTo(before?.y ?? 0, 0)
  })
})

test.describe
  .serial('360° viewer over storage without frames', () => {
    let server: EmptyServer

    test.beforeAll(async () => {
      test.setTimeout(120_000)
      server = await startEmptyServer()
    })
    test.afterAll(async () => {
      await server?.stop()
    })

    const load = async (page: Page) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(`${server.baseURL}/`)
      await page.locator('.turntable').scrollIntoViewIfNeeded()
      return errors
    }

    test('empty buckets: says no images were found anywhere, and points at the console', async ({ page }) => {
      const errors = await load(page)
      const alert = page.locator('.turntable').getByRole('alert')
      await expect(alert).toContainText('Error loading images')
      await expect(alert).toContainText(NO_IMAGES_ANYWHERE)
      await expect(alert).toContainText('Check the browser console for details.')
      expect(errors.some((text) => text.includes(NO_IMAGES_ANYWHERE))).toBe(true)
    })

    test('missing buckets: the same answer', async ({ page }) => {
      await server.storage.client.removeBucket('360')
      await load(page)
      await expect(page.locator('.turntable').getByRole('alert')).toContainText(NO_IMAGES_ANYWHERE)
    })

    test('a bucket with files but no images names that bucket', async ({ page }) => {
      await server.storage.client.makeBucket('360')
      await server.storage.client.putObject('360', 'readme.txt', 'frames go here')
      await load(page)
      await expect(page.locator('.turntable').getByRole('alert')).toContainText(
        'No image files found in bucket "360"',
      )
    })

    test('frames uploaded after the build show up on the next visit', async ({ page }) => {
      const jpeg = await (await fetch(`${server.baseURL}/favicon.svg`)).arrayBuffer()
      await server.storage.client.putObject('360', 'frame_1.svg', Buffer.from(jpeg)) // not a frame type
      await server.storage.client.putObject('360', 'frame_2.png', Buffer.from(jpeg))
      await load(page)
      await expect(page.locator('.turntable')).toHaveAttribute('data-state', 'ready')
      await expect(page.locator('.turntable__image')).toHaveAttribute('src', '/media/360/frame_2.png')
    })
  })

test.describe('hero frames, parallax and header animation', () => {
  test('frames advance on hover every 60 ms up to the last, then reverse to the first', async ({ page }) => {
    await page.goto('/')
    const frames = page.locator('.hero-frames')
    await frames.scrollIntoViewIfNeeded()
    await page.evaluate(() => {
      const element = document.querySelector('.hero-frames') as HTMLElement
      const seen: [number, number][] = []
      ;(window as unknown as { seen: typeof seen }).seen = seen
      new MutationObserver(() => seen.push([Number(element.dataset.frame), performance.now()])).observe(
        element,
        {
          attributes: true,
          attributeFilter: ['data-frame'],
        },
      )
    })
    await frames.hover()
    await expect(frames).toHaveAttribute('data-frame', '6')
    await expect(frames.locator('.hero-frames__frame[data-current]')).toHaveAttribute(
      'src',
      /\/hero\/0_0\.png$/,
    )
    await page.mouse.move(2, 2)
    await expect(frames).toHaveAttribute('data-frame', '0')
    const seen = await page.evaluate(() => (window as unknown as { seen: [number, number][] }).seen)
    expect(seen.map(([frame]) => frame)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1, 0])
    const gaps = seen.slice(1).map(([, at], i) => at - (seen[i]?.[1] ?? 0))
    for (const gap of gaps.slice(0, 5)) expect(gap).toBeGreaterThanOrEqual(45)
  })

  test('the locker button runs the sequence for touch and keyboard users', async ({ page }) => {
    await page.goto('/')
    // The button exists once the showcase's island has hydrated: when the visitor comes near it.
    await page.locator('.hero-frames').scrollIntoViewIfNeeded()
    const button = page.getByRole('button', { name: 'Open a locker' })
    await button.scrollIntoViewIfNeeded()
    await button.press('Enter')
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.hero-frames')).toHaveAttribute('data-frame', '6')
    await button.press('Enter')
    await expect(page.locator('.hero-frames')).toHaveAttribute('data-frame', '0')
  })

  test('parallax layers drift on desktop; the header animation and background film load', async ({
    page,
  }) => {
    await page.goto('/')
    const stage = page.locator('.showcase-media')
    await stage.scrollIntoViewIfNeeded()
    const layer = page.locator('.showcase-media__backdrop')
    await expect(layer).toHaveAttribute('data-parallax', 'on')
    const first = await layer.evaluate((e) => getComputedStyle(e).transform)
    await page.mouse.wheel(0, 200)
    await expect.poll(() => layer.evaluate((e) => getComputedStyle(e).transform)).not.toBe(first)
    await expect(page.locator('.lottie-header svg')).toBeVisible()
    await expect(page.locator('.showcase-media__video')).toHaveAttribute('data-state', 'playing', {
      timeout: 15_000,
    })
    await expect(page.getByRole('button', { name: 'Pause background film' })).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } })
    test('parallax is off under 768 px', async ({ page }) => {
      await page.goto('/')
      const layer = page.locator('.showcase-media__backdrop')
      await layer.scrollIntoViewIfNeeded()
      await expect(layer).toHaveAttribute('data-parallax', 'off')
      await page.mouse.wheel(0, 200)
      expect(await layer.evaluate((e) => getComputedStyle(e).transform)).toBe('none')
    })
  })

  test('parallax is off under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const layer = page.locator('.showcase-media__backdrop')
    await layer.scrollIntoViewIfNeeded()
    await expect(layer).toHaveAttribute('data-parallax', 'off')
  })
})

test.describe('films on other pages', () => {
  for (const [path, name] of [
    ['/technology', 'autonomy film'],
    ['/careers', 'careers film'],
  ] as const) {
    test(`${path} plays its film muted when scrolled to, with a pause control`, async ({ page }) => {
      await page.goto(path)
      const figure = page.locator('figure.video-poster')
      await figure.scrollIntoViewIfNeeded()
      await expect(figure.locator('.rm-video')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 })
      await expectPlaying(figure.locator('video'))
      await expect(page.getByRole('button', { name: `Pause ${name}` })).toBeVisible()
    })
  }
})
