import type { Browser, Page, Route } from '@playwright/test'

export interface ScriptTiming {
  path: string
  start: number
  bytes: number
}

/** Every script the page fetched, with its start time and transferred size, and the load event. */
export function scriptTimings(page: Page): Promise<{ scripts: ScriptTiming[]; loadEvent: number }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        bytes: entry.encodedBodySize,
      }))
    return { scripts, loadEvent: navigation?.loadEventStart ?? 0 }
  })
}

/** The scripts of `path` fetched before its load event: what a page needs for its first paint. */
export async function firstLoadScripts(
  browser: Browser,
  baseURL: string,
  path: string,
): Promise<Set<string>> {
  const page = await browser.newPage({ baseURL })
  await page.goto(path)
  const { scripts, loadEvent } = await scriptTimings(page)
  await page.close()
  return new Set(scripts.filter((script) => script.start < loadEvent).map((script) => script.path))
}

/**
 * Holds every script of the page until the returned function is called. Module scripts hold back
 * the load event (and DOMContentLoaded), so pages are opened with waitUntil: 'commit' and the test
 * waits for the element it needs, as a visitor looks at the page before it has finished loading.
 */
export function holdScripts(page: Page): Promise<() => void> {
  return holdScriptsExcept(page, new Set())
}

/** Holds every script request outside `allowed` until the returned function is called. */
export async function holdScriptsExcept(page: Page, allowed: Set<string>): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.+\.js$/, async (route: Route) => {
    if (!allowed.has(new URL(route.request().url()).pathname)) await released
    await route.continue()
  })
  return release
}

/**
 * Holds every request to `url` until the returned function is called, to see a busy state; each
 * then goes on as `then` says (on to the server by default).
 */
export async function holdRequests(
  page: Page,
  url: string,
  then: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await released
    await then(route)
  })
  return release
}
