import { useEffect, useId, useRef } from 'react'
import { brand } from '../../lib/brand.ts'
import { APPLY_PATH, primaryNav } from '../../lib/routes.ts'
import { attachHeaderBehaviour } from './header-behaviour.ts'
import { Logo } from './Logo.tsx'
import { NavLinks } from './NavLinks.tsx'

// The markup is static: scroll styling and the menu's extras are plain DOM behaviour
// (header-behaviour.ts) shared with HTML-only pages, which never run React in the browser. The
// phone menu itself is an HTML popover: its button opens and closes it, Escape and a press outside
// close it, with or without JavaScript.
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
        <button type="button" className="site-header__menu-button" popoverTarget={menuId} aria-label="Menu">
          <span aria-hidden="true" className="menu-icon" />
        </button>
      </nav>
      <nav id={menuId} className="site-header__dropdown" aria-label="Menu" popover="auto">
        <NavLinks links={primaryNav} className="site-header__dropdown-links" />
        <a href={APPLY_PATH} className="button button--accent button--block">
          Retailer Access
        </a>
      </nav>
    </header>
  )
}
