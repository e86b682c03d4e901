// The site header's behaviour, in plain DOM code so one implementation serves every kind of page:
// HTML-only pages (no React in the browser) attach it from their +client.ts, and SiteHeader's
// effect on React pages. It only touches what the server markup leaves static (classes, data-*,
// aria-expanded), so React never re-writes it. The phone menu opens and closes without it (an
// HTML popover, styled open through :popover-open): this adds the state to the button for
// assistive technology, keeps the header shown while the menu is open, and closes the menu when
// one of its links is chosen.
import { nextScrollState, type ScrollState } from './header-scroll.ts'

/** Marks a header whose behaviour is attached, so attaching it twice is harmless. */
const BEHAVIOUR_ATTACHED = 'data-behaviour'

/** Wires scroll styling, hide-on-scroll and the menu's state; returns a detach function. */
export function attachHeaderBehaviour(header: HTMLElement): () => void {
  if (header.hasAttribute(BEHAVIOUR_ATTACHED)) return () => {}
  header.setAttribute(BEHAVIOUR_ATTACHED, 'attached')
  const button = header.querySelector<HTMLButtonElement>('.site-header__menu-button')
  const menu = header.querySelector<HTMLElement>('.site-header__dropdown')
  const logo = header.querySelector<SVGElement>('.site-header__logo .logo')
  let state: ScrollState = { scrolled: false, hidden: false }
  let open = menu?.matches(':popover-open') ?? false

  const render = () => {
    const hidden = state.hidden && !open
    header.classList.toggle('is-scrolled', state.scrolled)
    header.classList.toggle('is-hidden', hidden)
    header.dataset.scrolled = String(state.scrolled)
    header.dataset.hidden = String(hidden)
    button?.setAttribute('aria-expanded', String(open))
    // The wordmark is drawn light over the dark hero and dark on the light header.
    logo?.setAttribute('data-tone', state.scrolled || open ? 'dark' : 'light')
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
  // While the menu covers the page, the page behind it is inert: Tab stays in the header and the
  // menu instead of reaching links hidden under it. Only what this made inert is given back.
  let madeInert: HTMLElement[] = []
  const setPageInert = (inert: boolean) => {
    for (const element of madeInert) element.inert = false
    madeInert = inert ? pageOutside(header).filter((element) => !element.inert) : []
    for (const element of madeInert) element.inert = true
  }
  const onToggle = (event: Event) => {
    open = (event as ToggleEvent).newState === 'open'
    setPageInert(open)
    render()
  }
  // Escape closes the popover by itself; focus goes back to the button that opened it.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    menu?.hidePopover()
    button?.focus()
  }
  // Choosing any link in the menu closes it (an in-page link keeps the page).
  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a')) menu?.hidePopover()
  }

  update()
  render()
  window.addEventListener('scroll', onScroll, { passive: true })
  document.addEventListener('keydown', onKey)
  menu?.addEventListener('toggle', onToggle)
  menu?.addEventListener('click', onMenuClick)
  return () => {
    header.removeAttribute(BEHAVIOUR_ATTACHED)
    if (open) menu?.hidePopover()
    setPageInert(false)
    window.removeEventListener('scroll', onScroll)
    document.removeEventListener('keydown', onKey)
    menu?.removeEventListener('toggle', onToggle)
    menu?.removeEventListener('click', onMenuClick)
    if (frame) cancelAnimationFrame(frame)
  }
}

/** Every element of the page outside the header: the siblings of the header and of its ancestors. */
function pageOutside(header: HTMLElement): HTMLElement[] {
  const outside: HTMLElement[] = []
  for (
    let node: HTMLElement = header;
    node.parentElement && node !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement) outside.push(sibling)
    }
  }
  return outside
}
