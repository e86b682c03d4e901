// The site header's behaviour, in plain DOM code so one implementation serves every kind of page:
// HTML-only pages (no React in the browser, decision 020) attach it from their +client.ts, and
// SiteHeader's effect on React pages. It only touches what the server markup leaves static (classes,
// data-*, aria-expanded, hidden), so React never re-writes it.
import { nextScrollState, type ScrollState } from './header-scroll'

/** Marks a header whose behaviour is attached, so attaching it twice is harmless. */
const BEHAVIOUR_ATTACHED = 'data-behaviour'

/** Wires scroll styling, hide-on-scroll and the mobile menu; returns a detach function. */
export function attachHeaderBehaviour(header: HTMLElement): () => void {
  if (header.hasAttribute(BEHAVIOUR_ATTACHED)) return () => {}
  header.setAttribute(BEHAVIOUR_ATTACHED, 'attached')
  const button = header.querySelector<HTMLButtonElement>('.site-header__menu-button')
  const menuId = button?.getAttribute('aria-controls')
  const menu = menuId ? document.getElementById(menuId) : null
  const logo = header.querySelector<SVGElement>('.site-header__logo .logo')
  let state: ScrollState = { scrolled: false, hidden: false }
  let open = false
  let lockedOverflow: string | undefined

  const render = () => {
    const hidden = state.hidden && !open
    header.classList.toggle('is-scrolled', state.scrolled)
    header.classList.toggle('is-hidden', hidden)
    header.classList.toggle('is-open', open)
    header.dataset.scrolled = String(state.scrolled)
    header.dataset.hidden = String(hidden)
    // The wordmark is drawn light over the dark hero and dark on the light header.
    logo?.setAttribute('data-tone', state.scrolled || open ? 'dark' : 'light')
  }

  const setOpen = (next: boolean, returnFocus = false) => {
    if (next === open) return
    open = next
    button?.setAttribute('aria-expanded', String(open))
    if (menu) menu.hidden = !open
    // Opening the menu locks page scroll; closing unlocks it.
    if (open) {
      lockedOverflow = document.body.style.overflow
      document.body.style.overflow = 'hidden'
    } else {
      document.body.style.overflow = lockedOverflow ?? ''
      lockedOverflow = undefined
    }
    if (returnFocus) button?.focus()
    render()
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
  const onToggle = () => setOpen(!open)
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) setOpen(false, true)
  }
  // Choosing any link in the menu closes it (the page may change without a reload).
  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a')) setOpen(false)
  }
  // A history move (browser back while the menu is open) closes it too.
  const onHistory = () => setOpen(false)

  update()
  window.addEventListener('scroll', onScroll, { passive: true })
  window.addEventListener('popstate', onHistory)
  document.addEventListener('keydown', onKey)
  button?.addEventListener('click', onToggle)
  menu?.addEventListener('click', onMenuClick)
  return () => {
    header.removeAttribute(BEHAVIOUR_ATTACHED)
    setOpen(false)
    window.removeEventListener('scroll', onScroll)
    window.removeEventListener('popstate', onHistory)
    document.removeEventListener('keydown', onKey)
    button?.removeEventListener('click', onToggle)
    menu?.removeEventListener('click', onMenuClick)
    if (frame) cancelAnimationFrame(frame)
  }
}
