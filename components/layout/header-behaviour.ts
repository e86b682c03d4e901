// The site header's behaviour, in plain DOM code so one implementation serves every kind of page:
// HTML-only pages (no React in the browser) attach it from their +client.ts, and SiteHeader's
// effect on React pages. It only touches what the server markup leaves static (classes, data-*),
// so React never re-writes it. The phone menu is a modal <dialog> that its buttons' invoker
// commands open and close without it: the browser keeps Tab in the menu, closes it on Escape and
// gives focus back to the Menu button. This closes the menu when one of its links is chosen or
// when the window widens past the phone layout, and carries out the buttons' commands in a
// browser that does not know invoker commands.
import { nextScrollState, type ScrollState } from './header-scroll.ts'

/** Marks a header whose behaviour is attached, so attaching it twice is harmless. */
const BEHAVIOUR_ATTACHED = 'data-behaviour'

/** Wires scroll styling, hide-on-scroll and the menu's extras; returns a detach function. */
export function attachHeaderBehaviour(header: HTMLElement): () => void {
  if (header.hasAttribute(BEHAVIOUR_ATTACHED)) return () => {}
  header.setAttribute(BEHAVIOUR_ATTACHED, 'attached')
  const menu = header.querySelector<HTMLDialogElement>('dialog.site-header__dropdown')
  const logo = header.querySelector<SVGElement>('.site-header__bar .site-header__logo .logo')
  let state: ScrollState = { scrolled: false, hidden: false }

  const render = () => {
    header.classList.toggle('is-scrolled', state.scrolled)
    header.classList.toggle('is-hidden', state.hidden)
    header.dataset.scrolled = String(state.scrolled)
    header.dataset.hidden = String(state.hidden)
    // The wordmark is drawn light over the dark hero and dark on the light header.
    logo?.setAttribute('data-tone', state.scrolled ? 'dark' : 'light')
  }

  let previousY = window.scrollY
  let frame = 0
  const update = () => {
    frame = 0
    const y = window.scrollY
    const next = nextScrollState(previousY, y, state)
    previousY = y
    // Most scroll frames change nothing: leave the DOM alone then.
    if (next.scrolled === state.scrolled && next.hidden === state.hidden) return
    state = next
    render()
  }
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update)
  }
  // Choosing any link in the menu closes it (an in-page link keeps the page).
  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a')) menu?.close()
  }

  // A menu opened on a phone and left open while the window widens (a tablet turned, a window
  // resized) would cover the desktop header that now shows the same links. The Menu button is
  // hidden from that width on (header.css), so its box going empty is the moment to close,
  // without a second copy of the breakpoint here.
  const menuButton = header.querySelector<HTMLElement>('.site-header__menu-button[command="show-modal"]')
  const widened = new ResizeObserver(([entry]) => {
    if (menu?.open && entry && entry.contentRect.width === 0) menu.close()
  })
  if (menuButton) widened.observe(menuButton)

  update()
  render()
  window.addEventListener('scroll', onScroll, { passive: true })
  menu?.addEventListener('click', onMenuClick)
  const detachCommands = invokerCommandsSupported() ? () => {} : carryOutCommands(header)
  return () => {
    header.removeAttribute(BEHAVIOUR_ATTACHED)
    window.removeEventListener('scroll', onScroll)
    menu?.removeEventListener('click', onMenuClick)
    widened.disconnect()
    detachCommands()
    if (frame) cancelAnimationFrame(frame)
  }
}

/** Whether the browser itself carries out a button's `command` on its `commandfor` element. */
function invokerCommandsSupported(): boolean {
  return 'commandForElement' in HTMLButtonElement.prototype
}

/**
 * Carries out the dialog commands of the buttons inside `root`, for a browser without invoker
 * commands (their defaults: `show-modal` opens the dialog as a modal, `close` closes it).
 */
function carryOutCommands(root: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[commandfor]')
    const target = button ? document.getElementById(button.getAttribute('commandfor') ?? '') : null
    if (!button || !(target instanceof HTMLDialogElement)) return
    const command = button.getAttribute('command')
    event.preventDefault()
    if (command === 'show-modal' && !target.open) target.showModal()
    else if (command === 'close' && target.open) target.close()
  }
  root.addEventListener('click', onClick)
  return () => root.removeEventListener('click', onClick)
}
