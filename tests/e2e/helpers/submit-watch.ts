import type { Locator } from '@playwright/test'

/**
 * Records whether the form fires `submit` from now on. A valid form fires it synchronously during
 * the click that submits it, so once the click has returned the answer is final: no fixed wait.
 */
export async function watchSubmit(form: Locator): Promise<() => Promise<boolean>> {
  await form.evaluate((element) => {
    element.removeAttribute('data-submitted')
    element.addEventListener('submit', () => element.setAttribute('data-submitted', ''), { once: true })
  })
  return () => form.evaluate((element) => element.hasAttribute('data-submitted'))
}
