// The audit log: every change made by anyone, from the console or the CLI. The services' mutating
// functions call recordAudit with the actor they were given, so both interfaces are recorded by
// the same code. Details hold ids and facts, never a code, a token or form contents.
import { userInfo } from 'node:os'
import type { Prisma, PrismaClient } from '../db/database.server.ts'

/** Who did it: an admin's e-mail, or `cli@<os user>`; and the client's keyed address hash. */
export interface Actor {
  label: string
  clientHash?: string | null
}

export type AuditDb = Pick<PrismaClient, 'auditEntry'>

/** The actor for a command run in a shell on the server. */
export function cliActor(): Actor {
  let user = process.env.USER ?? 'unknown'
  try {
    user = userInfo().username
  } catch {
    // No passwd entry for this uid (some containers): the environment's name stands.
  }
  return { label: `cli@${user}` }
}

export interface AuditRecord {
  action: string
  target?: string | null
  details?: Record<string, string | number | boolean | null | string[]>
}

export async function recordAudit(db: AuditDb, actor: Actor, record: AuditRecord, at = new Date()) {
  await db.auditEntry.create({
    data: {
      at,
      actor: actor.label,
      action: record.action,
      target: record.target ?? null,
      details: (record.details ?? undefined) as Prisma.InputJsonValue | undefined,
      clientHash: actor.clientHash ?? null,
    },
  })
}

/**
 * Makes a change and records it in the same transaction: `record` names what to record from the
 * change's result, or null when nothing changed (then nothing is recorded).
 */
export async function auditedChange<Result>(
  prisma: PrismaClient,
  actor: Actor,
  now: Date,
  change: (tx: Prisma.TransactionClient) => Promise<Result>,
  record: (result: Result) => AuditRecord | null,
): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    const result = await change(tx)
    const entry = record(result)
    if (entry) await recordAudit(tx, actor, entry, now)
    return result
  })
}

export interface AuditFilter {
  actor?: string
  /** An action or its family: `code` matches code.generate and code.revoke. */
  action?: string
  since?: Date
  limit?: number
}

export interface AuditRow {
  id: string
  at: Date
  actor: string
  action: string
  target: string | null
  details: unknown
  clientHash: string | null
}

export async function listAudit(db: AuditDb, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const action = filter.action?.trim()
  const rows = await db.auditEntry.findMany({
    where: {
      ...(filter.actor?.trim() ? { actor: { contains: filter.actor.trim(), mode: 'insensitive' } } : {}),
      ...(action ? { OR: [{ action }, { action: { startsWith: `${action}.` } }] } : {}),
      ...(filter.since ? { at: { gte: filter.since } } : {}),
    },
    orderBy: { at: 'desc' },
    take: filter.limit ?? 200,
  })
  return rows.map((row) => ({ ...row, id: String(row.id) }))
}
