import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** One axe violation as a failed test prints it: the rule, what it asks, where (up to five places). */
export interface Violation {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/**
 * axe with the rules every page here is held to (WCAG 2.0 A/AA, 2.1 AA), run in the page itself
 * (`setLegacyMode`): without it, axe opens a second page for every check to merge the results
 * of frames from other origins, which the site's pages never hold (the CSP allows only its own
 * frames, and axe still checks those), at nearly the cost of the check itself.
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).setLegacyMode()
}

/** The violations of a page as it is now; `serious` keeps only the serious and critical ones. */
export async function axeViolations(
  builder: AxeBuilder,
  only: 'serious' | 'all' = 'serious',
): Promise<Violation[]> {
  const results = await builder.analyze()
  return results.violations
    .filter(
      (violation) => only === 'all' || violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
}
