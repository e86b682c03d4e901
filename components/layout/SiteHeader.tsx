import { useEffect, useId, useRef } from 'react'
import { brand } from '../../lib/brand'
import { APPLY_PATH, primaryNav } from '../../lib/routes'
import { attachHeaderBehaviour } from './header-behaviour'
import { Logo } from './Logo'
import { NavLinks } from './NavLinks'

// The markup is static: scroll styling and the menu are plain DOM behaviour (header-behaviour.ts)
// shared with HTML-only pages, which never run React in the browser.
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
          aria-expanded="false"
          aria-controls={menuId}
          aria-label="Menu"
        >
          <span aria-hidden="true" className="menu-icon" />
        </button>
      </nav>
      <nav id={menuId} className="site-header__dropdown" aria-label="Menu" hidden>
        <NavLinks links={primaryNav} className="site-header__dropdown-links" />
        <a href={APPLY_PATH} className="button button--accent button--block">
          Retailer Access
        </a>
      </nav>
    </header>
  )
}
