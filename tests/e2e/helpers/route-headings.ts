import type { publicPaths } from '../../../lib/routes.ts'

/**
 * Every public page of docs/original-behaviour.md §2 with the words its one h1 holds: the
 * accessibility checks read it from the same load they judge (tests/e2e/a11y.spec.ts).
 */
export const publicPageHeadings: Record<(typeof publicPaths)[number], RegExp> = {
  '/': /Meet the RM5/,
  '/experience': /delivery journey/i,
  '/technology': /Autonomy/i,
  '/company': /store that drives itself/i,
  '/careers': /Build what moves cities/i,
  '/contact': /Talk to us/i,
  '/apply': /Bring the RM5/i,
  '/terms': /Terms of Service/,
  '/privacy': /Privacy Policy/,
}

/** The gates and the audience pages of §2, which no sitemap lists (tests/e2e/shell.spec.ts). */
export const gatePageHeadings: Array<[string, RegExp]> = [
  ['/circlek', /Circle K/],
  ['/pizzahut', /Pizza Hut/],
  ['/walmart', /Walmart/],
  ['/compass', /Compass/],
  ['/partner', /Partners/],
  ['/investor', /Investors/],
]
