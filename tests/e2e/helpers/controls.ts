import type { Page } from '@playwright/test'

/**
 * The controls in the page's header and `main` that would do nothing without JavaScript, each
 * described by the start of its HTML. A control does something when the browser itself gives it
 * an action: a submit button of a form with an action (or of a `method="dialog"` form inside a
 * dialog), a popover toggle whose target is a popover, a button whose invoker command opens or
 * closes the dialog it names (`commandfor`, `command`), a `<summary>` of a `<details>`, a link to
 * an element of the page, or a real link (a `role="button"` on an `<a href>`). A
 * `<button type="button">`, a disabled button, a `<div role="button">` or a link to a missing anchor
 * does nothing.
 */
export function deadControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'summary',
      'a[href^="#"]',
      '[role="button"]',
      'input[type="button"]',
      'input[type="submit"]',
      'input[type="image"]',
      'input[type="reset"]',
    ].join(', ')
    const acts = (element: Element): boolean => {
      if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) {
        const target = element.getAttribute('popovertarget')
        if (element.disabled) return false
        if (target) return document.getElementById(target)?.hasAttribute('popover') ?? false
        const commandFor = element.getAttribute('commandfor')
        if (commandFor) {
          const command = element.getAttribute('command') ?? ''
          const dialog = document.getElementById(commandFor)
          return (
            dialog instanceof HTMLDialogElement && ['show-modal', 'close', 'request-close'].includes(command)
          )
        }
        const form = element.form
        if (!form) return false
        if (element.type === 'reset') return true
        if (element.type !== 'submit' && element.type !== 'image') return false
        if (form.getAttribute('method') === 'dialog') return form.closest('dialog') !== null
        return Boolean(form.getAttribute('action') || element.getAttribute('formaction'))
      }
      if (element instanceof HTMLElement && element.tagName === 'SUMMARY') {
        return element.parentElement instanceof HTMLDetailsElement
      }
      if (element instanceof HTMLAnchorElement) {
        const href = element.getAttribute('href') ?? ''
        if (!href.startsWith('#')) return href !== ''
        const id = decodeURIComponent(href.slice(1))
        return id !== '' && document.getElementById(id) !== null
      }
      return false
    }
    const controls = [...document.querySelectorAll('header, main')].flatMap((scope) => [
      ...scope.querySelectorAll(selector),
    ])
    return controls.filter((control) => !acts(control)).map((control) => control.outerHTML.slice(0, 200))
  })
}
