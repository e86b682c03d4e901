import { expect, type Page } from '@playwright/test'
import { axeViolations, wcagAxe } from '../../helpers/axe.ts'

/** Fails with the serious and critical axe violations (WCAG 2.0 A/AA, 2.1 AA) of the page as it is now. */
export async function expectNoSeriousViolation(page: Page): Promise<void> {
  const blocking = await axeViolations(wcagAxe(page))
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([])
}

/** Fails with any axe violation, whatever its impact: the console's pages hold to all of them. */
export async function expectNoViolation(page: Page): Promise<void> {
  const found = await axeViolations(wcagAxe(page), 'all')
  expect(found, JSON.stringify(found, null, 2)).toEqual([])
}
