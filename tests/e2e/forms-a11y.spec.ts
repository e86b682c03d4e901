import { expect } from '@playwright/test'
import { confirmationUrl } from '../../lib/forms/confirmation.ts'
import { expectNoSeriousViolation } from './helpers/axe.ts'
import { applyForm, contactForm, errorSummary } from './helpers/forms.ts'
import { test } from './helpers/visitor.ts'

// axe (WCAG 2.0 A/AA, 2.1 AA) on the form pages as a visitor without JavaScript gets them: empty,
// with the server's error summary, the confirmations and a gate with its notice. The page's own
// scripts never arrive (aborted by routing), so the forms post and the server renders the
// outcome; axe itself needs JavaScript to run, which is why this is not in the no-js project.
// The empty /apply and /contact, and an empty gate with a code field (/compass), are judged with
// every public page in no-js/a11y.spec.ts.

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 }, reducedMotion: 'reduce' })
    test.beforeEach(async ({ page }) => {
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
    })

    // The confirmation pages opened without a post before them, and a gate.
    for (const path of ['/apply/received', '/contact/sent', '/walmart'])
      test(`${path} has no serious axe violation`, async ({ page }) => {
        await page.goto(path)
        await expectNoSeriousViolation(page)
      })
    // The confirmation pages as a post lands on them: a recent `?sent=` (lib/forms/confirmation.ts).
    for (const path of ['/apply/received', '/contact/sent'])
      test(`${path} following a post has no serious axe violation`, async ({ page }) => {
        await page.goto(confirmationUrl(path, new Date()))
        await expect(page.getByRole('status')).toBeFocused()
        await expectNoSeriousViolation(page)
      })

    test('/apply with the error summary has no serious axe violation', async ({ page }) => {
      await page.goto('/apply')
      await applyForm(page).getByRole('button', { name: 'Submit application' }).click()
      await expect(errorSummary(page)).toBeVisible()
      await expectNoSeriousViolation(page)
    })

    test('/contact with the error summary has no serious axe violation', async ({ page }) => {
      await page.goto('/contact')
      await contactForm(page).getByRole('button', { name: 'Send message' }).click()
      await expect(errorSummary(page)).toBeVisible()
      await expectNoSeriousViolation(page)
    })

    test('a gate with its notice has no serious axe violation', async ({ page }) => {
      await page.goto('/circlek?error=invalid')
      await expect(page.getByRole('alert')).toContainText('Invalid access code')
      await expectNoSeriousViolation(page)
    })
  })
}
