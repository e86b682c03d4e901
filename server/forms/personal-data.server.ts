// A person's stored submissions, found by e-mail address or id, for deletion on request (the
// privacy page promises it; `rm5 applications delete`, `rm5 contact delete`). Notifications that
// point at a deleted record go with it, so nothing is sent about data that no longer exists.
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'

export type PersonTarget = { email: string } | { id: string }

export interface FoundRecord {
  id: string
  createdAt: Date
  email: string
  /** Who or what the record is about: a company, or a sender's name. */
  name: string
}

const byTarget = (target: PersonTarget) =>
  'email' in target
    ? { email: { equals: target.email.trim(), mode: 'insensitive' as const } }
    : { id: target.id }

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

export class InvalidTarget extends Error {}

function checked(target: PersonTarget): PersonTarget {
  if ('id' in target && !isUuid(target.id))
    throw new InvalidTarget(`"${target.id}" is not a record id (a UUID)`)
  if ('email' in target && !target.email.includes('@')) {
    throw new InvalidTarget(`"${target.email}" is not an e-mail address`)
  }
  return target
}

export const personalData = {
  applications: {
    async find(prisma: PrismaClient, target: PersonTarget): Promise<FoundRecord[]> {
      return prisma.retailerApplication
        .findMany({ where: byTarget(checked(target)), orderBy: { createdAt: 'asc' } })
        .then((rows) =>
          rows.map((r) => ({ id: r.id, createdAt: r.createdAt, email: r.email, name: r.companyName })),
        )
    },
    delete(prisma: PrismaClient, actor: Actor, ids: string[]): Promise<number> {
      return deleteWith(prisma, actor, ids, 'application', (tx) =>
        tx.retailerApplication.deleteMany({ where: { id: { in: ids } } }),
      )
    },
  },
  contact: {
    async find(prisma: PrismaClient, target: PersonTarget): Promise<FoundRecord[]> {
      return prisma.contactMessage
        .findMany({ where: byTarget(checked(target)), orderBy: { createdAt: 'asc' } })
        .then((rows) => rows.map((r) => ({ id: r.id, createdAt: r.createdAt, email: r.email, name: r.name })))
    },
    delete(prisma: PrismaClient, actor: Actor, ids: string[]): Promise<number> {
      return deleteWith(prisma, actor, ids, 'message', (tx) =>
        tx.contactMessage.deleteMany({ where: { id: { in: ids } } }),
      )
    },
  },
}

/** Deletes the records and the notifications about them; the audit log names the ids only. */
async function deleteWith(
  prisma: PrismaClient,
  actor: Actor,
  ids: string[],
  what: 'application' | 'message',
  remove: (tx: Prisma.TransactionClient) => Promise<{ count: number }>,
): Promise<number> {
  if (ids.length === 0) return 0
  const payloadKey = `${what}Id`
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM notifications WHERE payload->>${payloadKey} = ANY(${ids})`
    const { count } = await remove(tx)
    if (count > 0) {
      await recordAudit(tx, actor, {
        action: `${what}.delete`,
        target: ids.length === 1 ? ids[0] : null,
        details: { ids, count },
      })
    }
    return count
  })
}
