import type { Page } from '@playwright/test'

/**
 * Collects what the page's Content-Security-Policy refuses from now on, as the browser reports it
 * in the console: the strict policy must not block anything a page needs. Read the array once
 * the page has settled (network idle).
 */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  return refused
}
