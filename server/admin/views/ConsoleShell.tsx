import type { ReactNode } from 'react'
import { type AdminRole, may } from '../../../lib/admin/roles.ts'
import { CsrfForm } from './FormParts.tsx'
import { Notice } from './Notice.tsx'

export interface ConsoleUser {
  email: string
  role: AdminRole
  csrf: string
}

const NAV = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/visitors', label: 'Visitors' },
  { href: '/admin/partners', label: 'Partners' },
  { href: '/admin/codes', label: 'Codes' },
  { href: '/admin/documents', label: 'Documents' },
  { href: '/admin/viewers', label: 'Viewers' },
  { href: '/admin/agreements', label: 'Agreements' },
  { href: '/admin/applications', label: 'Applications and messages' },
  { href: '/admin/notifications', label: 'Notifications' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/admins', label: 'Admins', owner: true },
] as const

/** Header, navigation and sign-out around every signed-in page. */
export function ConsoleShell({
  user,
  current,
  children,
}: {
  user: ConsoleUser
  current: string
  children: ReactNode
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <div className="console-header__bar">
          <a className="console-brand" href="/admin">
            <span className="console-brand__mark" aria-hidden="true">
              RM5
            </span>
            <span>
              Admin <span className="console-brand__sub">console</span>
            </span>
          </a>
          <nav className="console-nav" aria-label="Console">
            <ul>
              {NAV.filter((item) => !('owner' in item) || may(user.role, 'admins')).map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="console-user">
            <span>
              {user.email} <span className="badge">{user.role}</span>
            </span>
            <a href="/admin/passkeys" aria-current={current === '/admin/passkeys' ? 'page' : undefined}>
              Passkeys
            </a>
            <CsrfForm action="/admin/sign-out" csrf={user.csrf}>
              <button className="button button--ghost button--sm" type="submit">
                Sign out
              </button>
            </CsrfForm>
          </div>
        </div>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </>
  )
}

/**
 * A signed-in page: the shell, the way up (`crumb`), the page's heading with its lead (and
 * `actions` beside it), and the outcome of the last post when it is a plain "done" (303 with ?done=…).
 */
export function ConsolePage({
  user,
  current,
  title,
  lead,
  actions,
  crumb,
  done,
  children,
}: {
  user: ConsoleUser
  current: string
  title: string
  lead?: string
  actions?: ReactNode
  /** The page one level up, linked above the heading. */
  crumb?: { href: string; label: ReactNode }
  done?: string
  children: ReactNode
}) {
  return (
    <ConsoleShell user={user} current={current}>
      {crumb ? (
        <p className="crumbs">
          <a href={crumb.href}>{crumb.label}</a>
        </p>
      ) : null}
      <PageHead title={title} lead={lead}>
        {actions}
      </PageHead>
      {done ? <Notice kind="ok" title={done} /> : null}
      {children}
    </ConsoleShell>
  )
}

/** A page's heading and one line saying what it is for. */
export function PageHead({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="page-head">
      <div>
        <h1>{title}</h1>
        {lead ? <p>{lead}</p> : null}
      </div>
      {children}
    </div>
  )
}
