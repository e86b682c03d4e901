// Data-room sessions (decision 045): a grant is a row here, and the signed cookie only names it.
// Whether a session still opens anything is decided by `sessionHolds` alone, from the row and its
// code's current state: the code's rules (active, e-mail required, allowed domains, denied
// addresses) are read from the code each time, never copied into the session, so changing a code
// changes what its existing sessions may do. Callers cache lookups for at most CODE_CACHE_MS.
import { GRANT_MAX_AGE_MS, grantRetailerOf } from '../../lib/access.ts'
import type { Partner, PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { type CodeState, isActive } from './codes.server.ts'
import { emailAllowed } from './email-links.server.ts'
import { cookieValues, type GrantKeys, readSessionId, signSession } from './grant-cookie.server.ts'

/** Why a session ended before its time. */
export type SessionEnd = 'signed_out' | 'revoked' | 'denied'

export type SessionsDb = Pick<PrismaClient, 'accessSession'>

export interface SessionState {
  id: string
  retailer: string
  codeId: string | null
  email: string | null
  createdAt: Date
  expiresAt: Date
  endedAt: Date | null
}

const stateColumns = {
  id: true,
  retailer: true,
  codeId: true,
  email: true,
  createdAt: true,
  expiresAt: true,
  endedAt: true,
} as const

/** Opens a session for a grant; returns its id, which the grant cookie carries (signed). */
export async function openSession(
  prisma: SessionsDb,
  grant: { retailer: PartnerSlug; codeId: string | null; email?: string | null },
  now: Date,
): Promise<string> {
  const row = await prisma.accessSession.create({
    data: {
      retailer: grant.retailer,
      codeId: grant.codeId,
      email: grant.email?.toLowerCase() ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + GRANT_MAX_AGE_MS),
    },
    select: { id: true },
  })
  return row.id
}

/** One primary-key lookup: what the grant reader needs to know whether a session still holds. */
export function sessionState(prisma: SessionsDb, id: string): Promise<SessionState | null> {
  return prisma.accessSession.findUnique({ where: { id }, select: stateColumns })
}

/** What a code says about the addresses it admits (the e-mail step, links and sessions alike). */
export type EmailRule = Pick<CodeState, 'requireEmail' | 'allowDomains' | 'deniedEmails'>

/**
 * Whether a code admits a viewer with this address (null: none was asked). A code that requires an
 * e-mail admits only an address at its allowed domains; a denied address is never admitted.
 */
export function codeAdmits(rule: EmailRule, email: string | null): boolean {
  if (email !== null && rule.deniedEmails.includes(email.toLowerCase())) return false
  if (!rule.requireEmail) return true
  return email !== null && emailAllowed(email, rule.allowDomains)
}

/**
 * The one rule for whether a session opens its partner's pages now: not ended, not past its
 * lifetime, for a partner still served, and (for a code gate) its code active and admitting it.
 */
export function sessionHolds(
  session: SessionState,
  partner: Partner,
  code: CodeState | null,
  now: Date,
): boolean {
  if (session.endedAt || session.retailer !== partner.slug) return false
  if (session.expiresAt.getTime() <= now.getTime()) return false
  // An open gate's sessions carry no code; every other gate's session must name one.
  if (partner.open !== (session.codeId === null)) return false
  if (session.codeId === null) return true
  return isActive(code, partner.slug, now) && code !== null && codeAdmits(code, session.email)
}

/** The moment (ms) after which a session that holds now stops holding whatever else happens. */
export function sessionEnds(session: SessionState, code: CodeState | null): number {
  return Math.min(session.expiresAt.getTime(), code?.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY)
}

/** Ends live sessions matching `where`; returns how many it ended. */
export async function endSessions(
  prisma: SessionsDb,
  where: { ids: readonly string[] } | { email: string; codeId?: string },
  by: SessionEnd,
  now: Date,
): Promise<number> {
  const match =
    'ids' in where
      ? { id: { in: [...where.ids] } }
      : { email: where.email.toLowerCase(), ...(where.codeId ? { codeId: where.codeId } : {}) }
  const { count } = await prisma.accessSession.updateMany({
    where: { ...match, endedAt: null, expiresAt: { gt: now } },
    data: { endedAt: now, endedBy: by },
  })
  return count
}

/** Opens a session for a grant and returns the cookie value that names it (signed). */
export async function issueGrant(
  prisma: SessionsDb,
  keys: GrantKeys,
  grant: { retailer: PartnerSlug; codeId: string | null; email?: string | null },
  now: Date,
): Promise<string> {
  return signSession(keys, grant.retailer, await openSession(prisma, grant, now))
}

/** The sessions a Cookie header names (validly signed), of one partner or of every one. */
export function sessionIdsIn(
  keys: GrantKeys,
  cookieHeader: string | undefined,
  only?: PartnerSlug,
): { retailer: PartnerSlug; id: string }[] {
  if (!cookieHeader) return []
  const found: { retailer: PartnerSlug; id: string }[] = []
  const cookies = cookieValues(cookieHeader, (name) => {
    const retailer = grantRetailerOf(name)
    return retailer !== null && (only === undefined || retailer === only)
  })
  for (const [name, values] of cookies) {
    const retailer = grantRetailerOf(name) as PartnerSlug
    for (const value of values) {
      const id = readSessionId(keys, retailer, value)
      if (id) found.push({ retailer, id })
    }
  }
  return found
}
