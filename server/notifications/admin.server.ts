// What the notifications CLI reads and changes (`rm5 notifications list|retry`).
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'

export interface NotificationRow {
  id: string
  event: string
  channel: string
  createdAt: Date
  attempts: number
  deliveredAt: Date | null
  failedAt: Date | null
  lastError: string | null
}

const columns = {
  id: true,
  event: true,
  channel: true,
  createdAt: true,
  attempts: true,
  deliveredAt: true,
  failedAt: true,
  lastError: true,
} as const

export type NotificationState = 'pending' | 'delivered' | 'failed'

export function stateOf(row: Pick<NotificationRow, 'deliveredAt' | 'failedAt'>): NotificationState {
  return row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending'
}

const whereState = {
  pending: { deliveredAt: null, failedAt: null },
  delivered: { deliveredAt: { not: null } },
  failed: { failedAt: { not: null } },
} as const

export function listNotifications(
  prisma: PrismaClient,
  options: { state?: NotificationState; limit: number },
): Promise<NotificationRow[]> {
  return prisma.notification.findMany({
    where: options.state ? whereState[options.state] : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
    select: columns,
  })
}

/**
 * Puts given-up notifications back in the queue with a new give-up time: one by id (or a unique
 * prefix of at least 8 characters), or every failed one. Resolves to the ids requeued.
 */
export async function retryNotifications(
  prisma: PrismaClient,
  actor: Actor,
  target: { id: string } | { allFailed: true },
  options: { now: Date; giveUpMs: number },
): Promise<string[]> {
  const where = 'id' in target ? await failedById(prisma, target.id) : whereState.failed
  const rows = await prisma.notification.findMany({ where, select: { id: true } })
  if (rows.length === 0) return []
  await prisma.notification.updateMany({
    where: { id: { in: rows.map((row) => row.id) }, failedAt: { not: null } },
    data: {
      failedAt: null,
      lastError: null,
      nextAttemptAt: options.now,
      giveUpAt: new Date(options.now.getTime() + options.giveUpMs),
    },
  })
  for (const row of rows) {
    await recordAudit(prisma, actor, { action: 'notification.retry', target: row.id }, options.now)
  }
  return rows.map((row) => row.id)
}

export class NotificationNotFound extends Error {}

async function failedById(prisma: PrismaClient, id: string) {
  const prefix = id.toLowerCase()
  if (prefix.length < 8 || !/^[0-9a-f-]+$/.test(prefix)) {
    throw new NotificationNotFound(`"${id}" is not a notification id: use at least 8 characters of the id`)
  }
  const matches = await prisma.$queryRaw<{ id: string; failed: boolean }[]>`
    SELECT id::text, failed_at IS NOT NULL AS failed FROM notifications
    WHERE id::text LIKE ${`${prefix}%`} LIMIT 2`
  if (matches.length === 0) throw new NotificationNotFound(`no notification has the id ${id}`)
  if (matches.length > 1)
    throw new NotificationNotFound(`${id} matches several notifications: give more of the id`)
  const [match] = matches
  if (!match?.failed) throw new NotificationNotFound(`notification ${id} has not failed: nothing to retry`)
  return { id: match.id }
}
