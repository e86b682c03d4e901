import { brand } from '../../lib/brand.ts'
import { APPLY_PATH, primaryNav } from '../../lib/routes.ts'
import { Logo } from './Logo.tsx'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <a href="/" aria-label={`${brand.product} home`}>
            <Logo tone="light" />
          </a>
          <p>The autonomous mobile store. Ten lockers, zero emissions, ten minutes to the curb.</p>
          <a href={APPLY_PATH} className="button button--accent">
            Retailer Access
          </a>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading caps-label">Explore</h2>
          <ul>
            {primaryNav.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading caps-label">Contact</h2>
          <ul>
            <li>
              <a href={`mailto:${brand.email}`}>{brand.email}</a>
            </li>
            <li>
              <a href="/contact">Contact us</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading caps-label">Legal</h2>
          <ul>
            <li>
              <a href="/terms">Terms</a>
            </li>
            <li>
              <a href="/privacy">Privacy</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container">
        <div className="site-footer__base">
          <p>
            © {brand.copyrightYear} {brand.company}. All rights reserved.
          </p>
          <p>
            {brand.address.city}, {brand.address.region} · Austin, TX · Detroit, MI
          </p>
        </div>
      </div>
    </footer>
  )
}
