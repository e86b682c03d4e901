import { usePageContext } from 'vike-react/usePageContext'
import { isActivePath, type NavLink } from '../../lib/routes.ts'

/** Links with the current route marked by a dot and aria-current="page". */
export function NavLinks({ links, className }: { links: NavLink[]; className: string }) {
  const { urlPathname } = usePageContext()
  return (
    <ul className={className}>
      {links.map((link) => {
        const active = isActivePath(urlPathname, link.href)
        return (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={active ? 'page' : undefined}
              className={active ? 'is-active' : undefined}
            >
              {active ? <span className="nav-dot" aria-hidden="true" /> : null}
              {link.label}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
