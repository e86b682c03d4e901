// When to fetch the app (decision 011): once the hero image has been painted, so the scripts do
// not share a slow link with the page's largest paint. A visitor never waits for that: their
// first input starts the app at once. "Painted" is the hero's largest-contentful-paint entry or,
// where the hero is not the largest paint (a desktop headline can be larger) or the browser has
// no such entries, the hero loaded plus a few frames. A hero that fails to load starts the app at
// once; one that never paints otherwise (a hidden tab) starts it shortly after the load event.

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel'] as const
/** Frames after the hero's load: it is decoded, painted and on screen by then. */
const FRAMES_AFTER_LOAD = 3

export interface HeroWait {
  /** The hero <img> the page preloads (fetchpriority=high); null starts at once. */
  hero: HTMLImageElement | null
  /** After the page's load event, how long to wait for the hero before starting anyway. */
  afterLoadMs: number
}

type Win = Window & typeof globalThis

function afterFrames(win: Win, frames: number, then: () => void): void {
  if (frames === 0) win.setTimeout(then, 0)
  else win.requestAnimationFrame(() => afterFrames(win, frames - 1, then))
}

/** Calls start exactly once, at the first of: hero painted, visitor input, load + afterLoadMs. */
export function whenHeroPainted(win: Win, { hero, afterLoadMs }: HeroWait, start: () => void): void {
  let started = false
  const cleanups: (() => void)[] = []
  const go = () => {
    if (started) return
    started = true
    for (const cleanup of cleanups) cleanup()
    start()
  }
  if (!hero) {
    go()
    return
  }
  const listen = (
    target: EventTarget,
    type: string,
    listener: () => void,
    options: AddEventListenerOptions,
  ) => {
    target.addEventListener(type, listener, options)
    cleanups.push(() => target.removeEventListener(type, listener, options))
  }

  for (const type of INPUTS) listen(win, type, go, { capture: true, passive: true })

  const fallback = () => {
    const timer = win.setTimeout(go, afterLoadMs)
    cleanups.push(() => win.clearTimeout(timer))
  }
  if (win.document.readyState === 'complete') fallback()
  else listen(win, 'load', fallback, { once: true })

  const loaded = () => afterFrames(win, FRAMES_AFTER_LOAD, go)
  // A hero that failed (missing media, offline) will never paint: nothing to wait for.
  if (hero.complete) {
    if (hero.naturalWidth > 0) loaded()
    else go()
  } else {
    listen(hero, 'load', loaded, { once: true })
    listen(hero, 'error', go, { once: true })
  }

  if (!win.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) return
  const observer = new win.PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === hero)) go()
  })
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  cleanups.push(() => observer.disconnect())
}
