import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { brand } from '../../lib/brand'
import { APPLY_PATH, primaryNav } from '../../lib/routes'
import { Logo } from './Logo'
import { NavLinks } from './NavLinks'
import { useScrollState } from './useScrollState'

export function SiteHeader() {
  const { scrolled, hidden } = useScrollState()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const { urlPathname } = usePageContext()

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false)
    if (returnFocus) menuButton.current?.focus()
  }, [])

  // Opening the menu locks page scroll; closing (or leaving the page) unlocks it.
  useEffect(() => {
    if (!menuOpen) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = previous
      document.removeEventListener('keydown', onKey)
    }
  }, [menuOpen, closeMenu])

  // A route change always closes the menu (e.g. browser back while it is open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on pathname change only
  useEffect(() => setMenuOpen(false), [urlPathname])

  const tone = scrolled || menuOpen ? 'dark' : 'light'
  const classes = [
    'site-header',
    scrolled ? 'is-scrolled' : '',
    hidden && !menuOpen ? 'is-hidden' : '',
    menuOpen ? 'is-open' : '',
  ]
  return (
    <header
      className={classes.filter(Boolean).join(' ')}
      data-scrolled={scrolled}
      data-hidden={hidden && !menuOpen}
    >
      <nav className="site-header__bar" aria-label="Main">
        <a href="/" className="site-header__logo" aria-label={`${brand.product} home`}>
          <Logo tone={tone} />
        </a>
        <NavLinks links={primaryNav} className="site-header__links" />
        <a href={APPLY_PATH} className="button button--accent site-header__apply">
          Retailer Access
        </a>
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="menu-icon" />
        </button>
      </nav>
      <nav id={menuId} className="site-header__dropdown" aria-label="Menu" hidden={!menuOpen}>
        <NavLinks
          links={primaryNav}
          className="site-header__dropdown-links"
          onNavigate={() => closeMenu(false)}
        />
        <a href={APPLY_PATH} className="button button--accent button--block" onClick={() => closeMenu(false)}>
          Retailer Access
        </a>
      </nav>
    </header>
  )
}
