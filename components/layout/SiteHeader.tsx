import { useEffect, useId, useRef } from 'react'
import { brand } from '../../lib/brand.ts'
import { APPLY_PATH, primaryNav } from '../../lib/routes.ts'
import { attachHeaderBehaviour } from './header-behaviour.ts'
import { Logo } from './Logo.tsx'
import { NavLinks } from './NavLinks.tsx'

// The markup is static: scroll styling and the menu's extras are plain DOM behaviour
// (header-behaviour.ts) shared with HTML-only pages, which never run React in the browser. The
// phone menu itself is a modal <dialog> opened and closed by invoker commands (commandfor and
// command), with or without JavaScript: the browser makes the page behind it inert, so Tab stays
// in the menu, and Escape closes it and gives focus back to the Menu button. It covers the whole
// window, the header's bar included, so it draws that bar again with its own close button where
// the Menu button is: the header's own button is inert while the menu is open.
export function SiteHeader() {
  const header = useRef<HTMLElement>(null)
  const menuId = useId()

  useEffect(() => (header.current ? attachHeaderBehaviour(header.current) : undefined), [])

  return (
    <header ref={header} className="site-header" data-scrolled="false" data-hidden="false">
      <nav className="site-header__bar" aria-label="Main">
        <a href="/" className="site-header__logo" aria-label={`${brand.product} home`}>
          <Logo tone="light" />
        </a>
        <NavLinks links={primaryNav} className="site-header__links" />
        <a href={APPLY_PATH} className="button button--accent site-header__apply">
          Retailer Access
        </a>
        <button
          type="button"
          className="site-header__menu-button"
          commandfor={menuId}
          command="show-modal"
          aria-haspopup="dialog"
          aria-label="Menu"
        >
          <span aria-hidden="true" className="menu-icon" />
        </button>
      </nav>
      <dialog id={menuId} className="site-header__dropdown" aria-label="Menu">
        <div className="site-header__dropdown-bar">
          <span className="site-header__logo" aria-hidden="true">
            <Logo tone="dark" />
          </span>
          <button
            type="button"
            className="site-header__menu-button site-header__close-button"
            commandfor={menuId}
            command="close"
            aria-label="Close menu"
          >
            <span aria-hidden="true" className="menu-icon menu-icon--close" />
          </button>
        </div>
        <nav className="site-header__dropdown-nav" aria-label="Menu">
          <NavLinks links={primaryNav} className="site-header__dropdown-links" />
          <a href={APPLY_PATH} className="button button--accent button--block">
            Retailer Access
          </a>
        </nav>
      </dialog>
    </header>
  )
}
