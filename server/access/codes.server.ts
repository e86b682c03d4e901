// Access codes in Postgres: the queries the verify call, the guards and the codes CLI share.
// Only argon2id hashes are stored, and only activeCodeHashes (the verify call) ever reads them.
import { optionalStoredLine } from '../../lib/stored-text.ts'
import type { PrismaClient } from '../db/database.server.ts'

/** The slice of Prisma these queries need; a transaction client fits too (the CLI's set --replace). */
export type CodesDb = Pick<PrismaClient, 'accessCode'>

/** Where clause for codes that can still grant access at `now`. */
const activeAt = (now: Date) => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] })

export interface CodeHashRow {
  id: string
  codeHash: string
}

/** The ids of every code (revoked and expired ones too) that begin with `prefix`. */
export async function codeIdsStartingWith(prisma: CodesDb, prefix: string): Promise<string[]> {
  const rows = await prisma.accessCode.findMany({ select: { id: true } })
  return rows.map((row) => row.id).filter((id) => id.startsWith(prefix))
}

export function activeCodeHashes(prisma: CodesDb, retailer: string, now: Date): Promise<CodeHashRow[]> {
  return prisma.accessCode.findMany({
    where: { retailer, ...activeAt(now) },
    select: { id: true, codeHash: true },
    orderBy: { createdAt: 'asc' },
  })
}

export interface CodeState {
  retailer: string
  expiresAt: Date | null
  revokedAt: Date | null
  /** Its grants must name the viewer's e-mail (a one-time link proved it). */
  requireEmail: boolean
  /** The admin's name for it, shown as the viewer where no e-mail is asked (watermarks). */
  label: string | null
  /** With requireEmail: the domains whose addresses it admits (empty: any). */
  allowDomains: string[]
  /** Addresses it no longer admits (`rm5 codes deny`). */
  deniedEmails: string[]
}

/** The columns of a CodeState. */
export const codeStateColumns = {
  retailer: true,
  expiresAt: true,
  revokedAt: true,
  requireEmail: true,
  label: true,
  allowDomains: true,
  deniedEmails: true,
} as const

/** One primary-key lookup: what a guard needs to know whether a grant's code still holds. */
export function codeState(prisma: CodesDb, id: string): Promise<CodeState | null> {
  return prisma.accessCode.findUnique({ where: { id }, select: codeStateColumns })
}

export function isActive(
  state: Pick<CodeState, 'retailer' | 'revokedAt' | 'expiresAt'> | null,
  retailer: string,
  now: Date,
): boolean {
  if (!state || state.retailer !== retailer || state.revokedAt) return false
  return !state.expiresAt || state.expiresAt.getTime() > now.getTime()
}

export async function recordCodeUse(prisma: CodesDb, id: string, now: Date): Promise<void> {
  await prisma.accessCode.update({
    where: { id },
    data: { lastUsedAt: now, useCount: { increment: 1 } },
  })
}

export function countActiveCodes(prisma: CodesDb, now: Date): Promise<number> {
  return prisma.accessCode.count({ where: activeAt(now) })
}

export interface NewCode {
  retailer: string
  codeHash: string
  label?: string | null
  expiresAt?: Date | null
  notify?: boolean
  /** The gate also asks for a work e-mail (at one of allowDomains, if any) and sends a link. */
  requireEmail?: boolean
  allowDomains?: string[]
}

/** A code's label, as every code is stored (CLI and console). */
export const codeLabel = optionalStoredLine(200, 'A label has at most 200 characters.')

export function insertCode(prisma: CodesDb, code: NewCode) {
  return prisma.accessCode.create({
    data: {
      retailer: code.retailer,
      codeHash: code.codeHash,
      // Cleaned here, where every code is stored (CLI and console): empty once cleaned is no label.
      label: code.label ? codeLabel.parse(code.label) || null : null,
      expiresAt: code.expiresAt ?? null,
      notify: code.notify ?? false,
      requireEmail: code.requireEmail ?? false,
      allowDomains: code.allowDomains ?? [],
    },
    select: listedColumns,
  })
}

/** Everything an admin may see about a code: never the hash. */
export const listedColumns = {
  id: true,
  retailer: true,
  label: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  useCount: true,
  notify: true,
  requireEmail: true,
  allowDomains: true,
  deniedEmails: true,
} as const

export function listCodes(prisma: CodesDb, retailer?: string) {
  return prisma.accessCode.findMany({
    where: retailer ? { retailer } : {},
    select: listedColumns,
    orderBy: [{ retailer: 'asc' }, { createdAt: 'asc' }],
  })
}

/** Revokes active codes; returns the ids it revoked (already revoked codes are left as they are). */
export async function revokeCodes(
  prisma: CodesDb,
  where: { id: string } | { retailer: string },
  now: Date,
): Promise<string[]> {
  const rows = await prisma.accessCode.findMany({
    where: { ...where, revokedAt: null },
    select: { id: true },
  })
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  await prisma.accessCode.updateMany({
    where: { id: { in: ids }, revokedAt: null },
    data: { revokedAt: now },
  })
  return ids
}
