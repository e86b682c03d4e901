// Access grants shared by the server (routes, guards) and the browser (gate pages): names and
// rules only. Whether a request holds a grant is decided on the server alone (docs/architecture.md: Access).
import { isPartnerSlug, type PartnerSlug, PROPOSAL_PARTNER } from './partners.ts'

export const VERIFY_PATH = '/api/access/verify'
export const LOGOUT_PATH = '/api/access/logout'
/** A gate reached after signing out (the logout's 303) says "You are signed out". */
export const SIGNED_OUT_NOTICE = 'signed-out'
export const SIGNED_OUT_QUERY = `notice=${SIGNED_OUT_NOTICE}`
/** Where the gate's e-mail step posts the viewer's work address (codes that require one). */
export const EMAIL_PATH = '/api/access/email'
/** Where the link page's button posts the one-time token. */
export const LINK_PATH = '/api/access/link'
/** The page an e-mailed link opens: a button, since mail scanners fetch links on their own. */
export const LINK_PAGE_PATH = '/access/link'
/** The shape of a one-time link's token (256 random bits, base64url), checked before any query. */
export const EMAIL_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/
export const DOCKET_PATH = '/docket'
export const PROPOSAL_PATH = '/circlek/proposal'
/** The proposal's query asking whether to close it: the confirm dialog, open in the HTML (no-JS). */
export const CLOSE_QUERY = { name: 'close', value: 'confirm' } as const
/**
 * Whether a query, one value per name (Vike's `urlParsed.search` on the server, the address's
 * last value of each name in the browser), asks to close the proposal.
 */
export const asksToClose = (search: Readonly<Record<string, string>>) =>
  search[CLOSE_QUERY.name] === CLOSE_QUERY.value
/** A document of the data room: `${DOCUMENTS_PATH}/<id>` (its page), `/<id>/file` (its bytes). */
export const DOCUMENTS_PATH = '/docket/documents'
/** The retailer's agreement, accepted before its first document. */
export const AGREEMENT_PATH = '/docket/agreement'

/** Who holds a verified grant: its gate, its code (null for walmart), and how they are named. */
export interface AccessViewer {
  retailer: PartnerSlug
  codeId: string | null
  /** The viewer's address where the code requires one (proved by a one-time link), else null. */
  email: string | null
  /** The code's label (null for walmart or an unlabelled code): names the viewer without an e-mail. */
  label: string | null
  /** The partner's display name (watermarks, the agreement page). */
  partnerName: string
  /**
   * The session the grant cookie names (access_sessions.id): where no e-mail names the viewer, the
   * only thing that tells one visitor from another (an acceptance binds to it). Never put in a
   * page's data: pages show a viewer through viewerIdentity (lib/documents/viewer-identity.ts).
   */
  sessionId: string
}

/** A grant's session ends once it is this old, whatever the browser keeps (the README's promise). */
export const GRANT_MAX_AGE_MS = 12 * 60 * 60 * 1000

const GRANT_COOKIE_SUFFIX = '-access'
export const grantCookieName = (retailer: PartnerSlug) => `${retailer}${GRANT_COOKIE_SUFFIX}`

/** The partner a grant cookie's name is for (`kroger-access` → kroger), or null for another cookie. */
export function grantRetailerOf(cookieName: string): PartnerSlug | null {
  if (!cookieName.endsWith(GRANT_COOKIE_SUFFIX)) return null
  const slug = cookieName.slice(0, -GRANT_COOKIE_SUFFIX.length)
  return isPartnerSlug(slug) ? slug : null
}

/** False when a Cookie header cannot hold any grant cookie: nothing to verify (a quick test, not a parse). */
export const mayHoldGrant = (cookieHeader: string | undefined): cookieHeader is string =>
  cookieHeader?.includes(`${GRANT_COOKIE_SUFFIX}=`) ?? false

/** Any one granted gate opens the shared docket (docs/original-behaviour.md §6). */
export const canOpenDocket = (grants: readonly PartnerSlug[]) => grants.length > 0
export const canOpenProposal = (grants: readonly PartnerSlug[]) => grants.includes(PROPOSAL_PARTNER)
/**
 * The proposal page of a partner that has one (only Circle K: docs/original-behaviour.md §9),
 * else undefined: what the docket links to for a grant of that partner.
 */
export const proposalPathOf = (retailer: PartnerSlug): string | undefined =>
  retailer === PROPOSAL_PARTNER ? PROPOSAL_PATH : undefined

/**
 * Why a no-JavaScript form post came back to its gate (`/circlek?error=invalid`). The gate page
 * renders the matching notice; the server renders such a URL per request (not the pre-rendered
 * file) so the notice is in the HTML.
 */
export const gateErrors = [
  'empty',
  'invalid',
  'rate_limited',
  'busy',
  'error',
  // The e-mail step: the address is not one, or the checked code's 15 minutes are over.
  'email',
  'expired',
] as const
export type GateError = (typeof gateErrors)[number]

export function isGateError(value: unknown): value is GateError {
  return typeof value === 'string' && (gateErrors as readonly string[]).includes(value)
}

/** The longest wait a gate's notice names; a longer one (an edited URL) gets the plain advice. */
export const MAX_RETRY_SECONDS = 3600

/** A `?retry=` value a gate's notice names, as the server writes one: whole seconds, 1 to the longest. */
export function isRetryQueryValue(value: string): boolean {
  return /^[1-9][0-9]{0,3}$/.test(value) && Number(value) <= MAX_RETRY_SECONDS
}

export function gateErrorUrl(retailer: PartnerSlug, error: GateError, retryAfterSeconds?: number): string {
  const query = new URLSearchParams({ error })
  if (retryAfterSeconds !== undefined) query.set('retry', String(retryAfterSeconds))
  return `/${retailer}?${query}`
}

/**
 * Steps after a right code that requires an e-mail (`/circlek?step=email`): the address form,
 * the "we sent a link" notice, and the notice that this site cannot send links.
 */
export const gateSteps = ['email', 'sent', 'unavailable'] as const
export type GateStep = (typeof gateSteps)[number]

export function isGateStep(value: unknown): value is GateStep {
  return typeof value === 'string' && (gateSteps as readonly string[]).includes(value)
}

export function gateStepUrl(
  retailer: PartnerSlug,
  step: GateStep,
  error?: GateError,
  retryAfterSeconds?: number,
): string {
  const query = new URLSearchParams({ step })
  if (error) query.set('error', error)
  if (retryAfterSeconds !== undefined) query.set('retry', String(retryAfterSeconds))
  return `/${retailer}?${query}`
}

declare global {
  namespace Vike {
    interface PageContextServer {
      /**
       * Gates whose grant cookie this request carries AND the server verified (signature, its
       * session live, its code still admitting it: decision 045). Set by server/access for every
       * render; never the raw cookie.
       */
      accessGrants?: readonly PartnerSlug[]
      /**
       * The codes behind those grants (none for an open gate): part of what a kept render depends
       * on, since a document may be for some of a partner's codes only.
       */
      accessCodes?: readonly string[]
      /**
       * Called by a guard that lets the request in, with the gates whose grant opened the page:
       * the server records the opening (`rm5 codes activity`). Absent without a grant.
       */
      recordOpening?: (retailers: readonly PartnerSlug[]) => void
      /**
       * The verified grants in full (who is viewing), for pages that name the viewer. Set only
       * for renders made per request (a page with `rendering: 'per-viewer'`, lib/page-rules.ts),
       * never for a render the cache keeps.
       */
      accessViewers?: readonly AccessViewer[]
    }
  }
}
