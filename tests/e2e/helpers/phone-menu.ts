import { expect, type Locator, type Page } from '@playwright/test'

/**
 * The phone menu (components/layout/SiteHeader.tsx): the header's Menu button, the modal dialog it
 * opens, the navigation in it and the dialog's own close button. The Menu button is named exactly:
 * "Close menu" would match too.
 */
export function phoneMenu(page: Page) {
  return {
    button: page.getByRole('button', { name: 'Menu', exact: true }),
    dialog: page.getByRole('dialog', { name: 'Menu' }),
    nav: page.getByRole('navigation', { name: 'Menu' }),
    close: page.getByRole('button', { name: 'Close menu' }),
  }
}

/** Whether the dialog is open as a modal, the page behind it inert, not merely shown. */
export const isModal = (dialog: Locator): Promise<boolean> =>
  dialog.evaluate((element) => element.matches(':modal'))

/** Where focus was once it left the page for the browser's own interface (after the last control). */
const OUTSIDE_THE_DOCUMENT = 'outside the document'

/**
 * Holds what makes the open menu modal, with or without JavaScript, on the page `path` at a
 * phone's width: opened from the keyboard, Tab goes round the menu's controls, more times than the
 * menu has links, and each stop is inside the dialog (or, between its last control and its first,
 * the browser's own interface: out of the document, never the page behind); Escape closes it and
 * gives focus back to the Menu button; a link in it navigates.
 */
export async function expectModalMenu(page: Page, path: string): Promise<void> {
  await page.goto(path)
  const menu = phoneMenu(page)
  await menu.button.focus()
  await page.keyboard.press('Enter')
  await expect(menu.dialog).toBeVisible()
  expect(await isModal(menu.dialog)).toBe(true)

  const controls = await menu.dialog.evaluate((dialog) =>
    [...dialog.querySelectorAll('a[href], button')].map(
      (control) => control.ariaLabel ?? control.textContent,
    ),
  )
  // The menu's links and its close button.
  expect(controls).toHaveLength((await menu.nav.getByRole('link').count()) + 1)
  // Twice round and then some, the browser's interface counting as one stop between rounds.
  const presses = 2 * (controls.length + 1) + 2
  const stops: string[] = []
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate((outside) => {
        const element = document.activeElement
        if (!document.hasFocus()) return outside
        if (!element) return 'nothing'
        if (element.closest('dialog.site-header__dropdown')) return element.ariaLabel ?? element.textContent
        return `the page: ${element.outerHTML.slice(0, 80)}`
      }, OUTSIDE_THE_DOCUMENT),
    )
  }
  expect(stops.filter((stop) => stop !== OUTSIDE_THE_DOCUMENT && !controls.includes(stop))).toEqual([])
  // It went round: each of the menu's controls took focus, at least twice.
  for (const control of controls)
    expect(stops.filter((stop) => stop === control).length).toBeGreaterThanOrEqual(2)

  await page.keyboard.press('Escape')
  await expect(menu.dialog).toBeHidden()
  await expect(menu.button).toBeFocused()

  await menu.button.click()
  await menu.nav.getByRole('link', { name: 'Careers' }).click()
  await expect(page).toHaveURL(/\/careers$/)
}
