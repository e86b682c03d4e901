// The site's Inter font, as the console uses it: the built file's address when the build is there
// (dist/client/assets/static), else none and the system font stack.
import { readdirSync } from 'node:fs'

/** The address of the built Inter file under `clientDir`, or undefined without one. */
export function consoleFontUrl(clientDir: string | undefined): string | undefined {
  if (!clientDir) return undefined
  try {
    const file = readdirSync(`${clientDir}/assets/static`).find((name) =>
      /^inter-latin-wght-normal.*\.woff2$/.test(name),
    )
    return file ? `/assets/static/${file}` : undefined
  } catch {
    return undefined
  }
}

/**
 * Preloaded by every page (ConsoleDocument), the font is there for the first paint; `fallback`
 * keeps the text in the system font for at most a short block period and swaps it in only within
 * three seconds, so a slow first load does not leave the whole page in another font, and the text
 * never moves under a reader who has started working.
 */
export const consoleFontFace = (url: string | undefined): string =>
  url
    ? `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: fallback; font-weight: 100 900; src: url("${url}") format("woff2-variations"); }\n`
    : ''
