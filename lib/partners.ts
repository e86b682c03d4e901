// Partners: each has a gate at `/<slug>` (decision 035). They are data, kept in Postgres and
// managed with `rm5 partners`; this module holds only their shape and the rules every interface
// shares (isomorphic: the gate page reads the shape in the browser too).
import { privatePaths, publicPaths } from './routes.ts'

/** A partner's slug: its gate's path segment and the `retailer` of its codes, documents and grants. */
export type PartnerSlug = string

export interface Partner {
  slug: PartnerSlug
  name: string
  /** The accent read on the dark hero (≥ 3:1 for the large heading); `ink` is the text on a tint fill. */
  tint: string
  ink: string
  monogram: string
  /** The line above the card's title: who the gate is for. */
  audience: string
  /** Where the logo is served (/media/partners/…), or null for the monogram alone. */
  logoUrl: string | null
  /** The gate opens with a button and takes no code (the original walmart gate). */
  open: boolean
}

/** The Circle K proposal page (/circlek/proposal) belongs to this partner (docs/original-behaviour.md §9). */
export const PROPOSAL_PARTNER = 'circlek'
export const PROPOSAL_PARTNER_NAME = 'Circle K'

/** Lowercase letters, digits and inner hyphens, 2–32 characters. */
export const PARTNER_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])$/

/** The first path segment of each of the site's pages and their sections (lib/routes.ts). */
const PAGE_SEGMENTS = [...publicPaths, ...privatePaths].flatMap((path) => path.split('/')[1] || [])

/**
 * First path segments the site serves or keeps for itself: a partner named like one would hide a
 * page, an API or a file (or be hidden by it).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...PAGE_SEGMENTS,
  // Server routes and built files.
  'api',
  'media',
  'assets',
  'livez',
  'readyz',
  'healthz',
  'metrics',
  // Kept for what is coming or commonly probed.
  'admin',
  'login',
  'logout',
  'signin',
  'sign-in',
  'static',
  'public',
  'well-known',
  'index',
  'www',
])

/** Why a slug cannot name a partner, or null when it can. */
export function partnerSlugProblem(slug: string): string | null {
  if (!PARTNER_SLUG.test(slug)) {
    return `"${slug}" is not a usable slug: use 2–32 lowercase letters, digits or inner hyphens (e.g. kroger).`
  }
  if (RESERVED_SLUGS.has(slug))
    return `"${slug}" is a path the site already serves or reserves: choose another slug.`
  return null
}

/** A partner's logo is a small image; the server refuses a larger file. */
export const LOGO_MAX_BYTES = 512 * 1024

/** A colour as the gate's style takes it: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/

/** True for a value shaped like a slug (whether such a partner exists is the server's to say). */
export const isPartnerSlug = (value: unknown): value is PartnerSlug =>
  typeof value === 'string' && PARTNER_SLUG.test(value)
