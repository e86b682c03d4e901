// The data room's signed-in people (decision 045): who holds a live session, and cutting one
// person (or one session) off. The rules `rm5 viewers list|revoke` and the console's Viewers page
// share (one service); every change is written to the audit log in the same transaction.
import type { PartnerSlug } from '../../lib/partners.ts'
import { type Actor, auditedChange } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { servedPartners } from '../partners/partner-store.server.ts'
import { type CodeState, codeStateColumns } from './codes.server.ts'
import { endSessions, sessionHolds } from './sessions.server.ts'

export interface LiveSession {
  id: string
  retailer: PartnerSlug
  partnerName: string
  /** The code that opened it; null for an open gate. */
  codeId: string | null
  /** The address a one-time link proved, else null. */
  email: string | null
  /** The code's label (names a viewer without an e-mail). */
  label: string | null
  startedAt: Date
  expiresAt: Date
}

/** Sessions that open their partner's pages now (the grant reader's rule), oldest first. */
export async function listLiveSessions(
  prisma: PrismaClient,
  options: {
    retailer?: PartnerSlug /** Part of the address a link proved, any letter case. */
    email?: string
  },
  now: Date,
): Promise<LiveSession[]> {
  const email = options.email?.trim()
  const rows = await prisma.accessSession.findMany({
    where: {
      endedAt: null,
      expiresAt: { gt: now },
      ...(options.retailer ? { retailer: options.retailer } : {}),
      ...(email ? { email: { contains: email, mode: 'insensitive' as const } } : {}),
    },
    orderBy: { createdAt: 'asc' },
  })
  const codeIds = [...new Set(rows.flatMap((row) => (row.codeId ? [row.codeId] : [])))]
  const codes = new Map<string, CodeState>(
    (
      await prisma.accessCode.findMany({
        where: { id: { in: codeIds } },
        select: { id: true, ...codeStateColumns },
      })
    ).map(({ id, ...state }) => [id, state]),
  )
  const partners = new Map((await servedPartners(prisma)).map((partner) => [partner.slug, partner]))
  const live: LiveSession[] = []
  for (const row of rows) {
    const partner = partners.get(row.retailer)
    const code = row.codeId ? (codes.get(row.codeId) ?? null) : null
    if (!partner || !sessionHolds(row, partner, code, now)) continue
    live.push({
      id: row.id,
      retailer: row.retailer,
      partnerName: partner.name,
      codeId: row.codeId,
      email: row.email,
      label: code?.label ?? null,
      startedAt: row.createdAt,
      expiresAt: row.expiresAt,
    })
  }
  return live
}

/**
 * Ends every live session of one person (by the address a link proved, any letter case), at every
 * partner. They can sign in again only where a code still admits them: `denyViewer` keeps them out.
 */
export function revokeViewer(prisma: PrismaClient, actor: Actor, email: string, now = new Date()) {
  return auditedChange(
    prisma,
    actor,
    now,
    (tx) => endSessions(tx, { email }, 'revoked', now),
    (ended) => ({ action: 'viewer.revoke', target: email.toLowerCase(), details: { sessions: ended } }),
  )
}

/** Ends one live session (the console's row action); 0 when it had ended already. */
export function revokeSession(prisma: PrismaClient, actor: Actor, id: string, now = new Date()) {
  return auditedChange(
    prisma,
    actor,
    now,
    (tx) => endSessions(tx, { ids: [id] }, 'revoked', now),
    (ended) => (ended > 0 ? { action: 'viewer.revoke-session', target: id } : null),
  )
}
