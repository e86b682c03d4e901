// A button pressed before React has attached would do nothing (its handler does not exist yet).
// The starter remembers the last such press and repeats it once the page has hydrated, so no
// button is dead while the app loads (decision 011). Links and form submissions work without
// JavaScript and are left to the browser, the header's menu works before React (the starter
// attaches its plain DOM behaviour). Presses after React attached are React's own: it
// replays events aimed at parts it has not hydrated yet, so they are not recorded twice.
import { BEHAVIOUR_ATTACHED } from '../../components/layout/header-behaviour'
import { HYDRATED_EVENT, HYDRATING_EVENT } from './events'

/** The element whose click the app would handle, or undefined for what the browser handles. */
export function pressedControl(target: EventTarget | null): HTMLElement | undefined {
  if (!(target instanceof Element)) return undefined
  const control = target.closest<HTMLElement>('button, [role="button"]')
  if (!control) return undefined
  // A submit button in a form posts without JavaScript (the gates do, docs/architecture.md).
  if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return undefined
  // Plain DOM code already handled it (the header's menu): a repeat would undo it.
  if (control.closest(`[${BEHAVIOUR_ATTACHED}]`)) return undefined
  return control
}

export function replayEarlyClicks(win: Window): void {
  let pending: HTMLElement | undefined
  const record = (event: Event) => {
    pending = pressedControl(event.target) ?? pending
  }
  win.addEventListener('click', record, { capture: true })
  win.addEventListener(HYDRATING_EVENT, () => win.removeEventListener('click', record, { capture: true }), {
    once: true,
  })
  win.addEventListener(
    HYDRATED_EVENT,
    () => {
      const control = pending
      pending = undefined
      if (control?.isConnected && !control.hasAttribute('disabled')) control.click()
    },
    { once: true },
  )
}
