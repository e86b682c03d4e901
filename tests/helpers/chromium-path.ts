import { existsSync } from 'node:fs'

/**
 * The browser the tests drive when CHROMIUM_PATH names none: Debian's headless shell first, the
 * build of Chromium Playwright itself runs headless tests in (its `chromium-headless-shell`),
 * which opens no browser interface per window; the full browser where only that is installed.
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const

export function defaultChromium(): string {
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? '/usr/bin/chromium'
}
