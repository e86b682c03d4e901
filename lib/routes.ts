// The site's routes in one place: navigation, sitemap, robots and tests read this list.

export interface NavLink {
  href: string
  label: string
}

export const primaryNav: NavLink[] = [
  { href: '/experience', label: 'Experience' },
  { href: '/technology', label: 'Technology' },
  { href: '/company', label: 'Company' },
  { href: '/careers', label: 'Careers' },
]

export const APPLY_PATH = '/apply'
export const CONTACT_PATH = '/contact'
/** The pages whose form posts to the server without JavaScript (decisions 022 and 069). */
export const FORM_PAGE_PATHS: readonly string[] = [APPLY_PATH, CONTACT_PATH]
/** Where a stored form post is redirected (Post/Redirect/Get): a reload never posts again. */
export const APPLY_RECEIVED_PATH = '/apply/received'
export const CONTACT_SENT_PATH = '/contact/sent'

/** Public, indexable pages (sitemap.xml). */
export const publicPaths = [
  '/',
  '/experience',
  '/technology',
  '/company',
  '/careers',
  '/contact',
  '/apply',
  '/terms',
  '/privacy',
] as const

/**
 * Paths that must never be indexed (robots.txt Disallow; noindex besides). The partners' gates and
 * the Circle K proposal are not listed: robots.txt is public, so it would publish who the partners
 * are; those pages carry noindex instead.
 */
export const privatePaths = [
  '/docket',
  // Where an e-mailed one-time link lands (its token is in the query).
  '/access/link',
  // A confirmation is only worth reading after sending a form.
  APPLY_RECEIVED_PATH,
  CONTACT_SENT_PATH,
] as const

/** True when `href` is the current route (or a section of it) — drives the active-link dot. */
export function isActivePath(current: string, href: string): boolean {
  if (href === '/') return current === '/'
  return current === href || current.startsWith(`${href}/`)
}
