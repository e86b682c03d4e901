// Deletes what the site keeps only for a while (SECURITY.md "Retention"): access attempts, docket
// openings and document views, notifications delivered or given up, each past its own setting,
// one-time e-mail links a day after they expired, data-room sessions with the access attempts,
// the console's sessions and sign-in links once they can no longer be used, and the kept answers
// of failed form posts an hour after them. Agreement acceptances are not pruned: they are the record of who accepted which
// version (a viewer's go with `rm5 viewers delete`). An acceptance names its session without a
// foreign key, so pruning the session keeps it (and it was bound to that session alone, which
// expired long before). The running server prunes at start and every
// few hours; with several replicas on one database, one of them does it each time (a transaction-level advisory lock that the others do not wait for).

import type { FastifyInstance } from 'fastify'
import { DAY_MS } from '../../lib/utc-day.ts'
import { SESSION_IDLE_MS } from '../admin/admin-sessions.server.ts'
import { type AnalyticsPruned, pruneAnalytics } from '../analytics/retention.server.ts'
import { LOCKS } from '../db/advisory-lock.server.ts'
import type { PrismaClient } from '../db/database.server.ts'

export const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000

export interface RetentionSettings {
  accessAttemptDays: number
  docketActivityDays: number
  notificationDays: number
  /** Raw page views and goals (decision 065); their daily rollups are kept. */
  analyticsDays: number
}

export interface Pruned extends AnalyticsPruned {
  accessAttempts: number
  docketViews: number
  documentViews: number
  notifications: number
  emailLinks: number
  accessSessions: number
  adminSessions: number
  adminSignInLinks: number
  formReturns: number
}

export const retentionSettings = (env: {
  ACCESS_ATTEMPT_RETENTION_DAYS: number
  DOCKET_ACTIVITY_RETENTION_DAYS: number
  NOTIFICATION_RETENTION_DAYS: number
  ANALYTICS_RETENTION_DAYS: number
}): RetentionSettings => ({
  accessAttemptDays: env.ACCESS_ATTEMPT_RETENTION_DAYS,
  docketActivityDays: env.DOCKET_ACTIVITY_RETENTION_DAYS,
  notificationDays: env.NOTIFICATION_RETENTION_DAYS,
  analyticsDays: env.ANALYTICS_RETENTION_DAYS,
})

/** Null when another process is pruning right now. */
export async function pruneOnce(
  prisma: PrismaClient,
  settings: RetentionSettings,
  now: Date,
): Promise<Pruned | null> {
  return prisma.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(${LOCKS.retention}) AS locked`
    if (!lock?.locked) return null
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS)
    const attempts = await tx.accessAttempt.deleteMany({
      where: { createdAt: { lt: before(settings.accessAttemptDays) } },
    })
    const views = await tx.docketView.deleteMany({
      where: { createdAt: { lt: before(settings.docketActivityDays) } },
    })
    // By first_at, as docket_views by created_at: the column the index covers (a row spans seconds).
    const documentViews = await tx.documentView.deleteMany({
      where: { firstAt: { lt: before(settings.docketActivityDays) } },
    })
    // Kept a day past expiry: a link clicked just too late is still told apart from a forged one.
    const emailLinks = await tx.emailLink.deleteMany({ where: { expiresAt: { lt: before(1) } } })
    // Data-room sessions are a record of who was signed in, kept as long as the attempts that
    // opened them; by expires_at (indexed), which an ended session is never after.
    const sessions = await tx.accessSession.deleteMany({
      where: { expiresAt: { lt: before(settings.accessAttemptDays) } },
    })
    // Console sessions idle longer than readSession honours (it deletes the one it meets; an
    // abandoned one is met by nobody), and sign-in links used or expired: neither opens anything
    // again, and a reused or late link is refused alike whether its row is there or not.
    const adminSessions = await tx.adminSession.deleteMany({
      where: { lastSeenAt: { lt: new Date(now.getTime() - SESSION_IDLE_MS) } },
    })
    const adminSignInLinks = await tx.adminSignInLink.deleteMany({
      where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lt: now } }] },
    })
    // A failed form post's answers, an hour after the post (decision 069).
    const formReturns = await tx.formReturn.deleteMany({ where: { expiresAt: { lt: now } } })
    // Pending notifications stay whatever their age: only finished ones go.
    const notificationsBefore = before(settings.notificationDays)
    const notifications = await tx.notification.deleteMany({
      where: {
        OR: [{ deliveredAt: { lt: notificationsBefore } }, { failedAt: { lt: notificationsBefore } }],
      },
    })
    const analytics = await pruneAnalytics(tx, now, settings.analyticsDays)
    return {
      ...analytics,
      accessAttempts: attempts.count,
      docketViews: views.count,
      documentViews: documentViews.count,
      notifications: notifications.count,
      emailLinks: emailLinks.count,
      accessSessions: sessions.count,
      adminSessions: adminSessions.count,
      adminSignInLinks: adminSignInLinks.count,
      formReturns: formReturns.count,
    }
  })
}

/** The server's pruning: started when the app is ready, then every PRUNE_EVERY_MS. */
export interface ScheduledPruning {
  /** Resolves once the prune under way (the start-up one, or the latest) has finished. */
  settled(): Promise<void>
}

export function schedulePruning(
  app: FastifyInstance,
  deps: { prisma: PrismaClient; settings: RetentionSettings; now: () => Date },
): ScheduledPruning {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const prune = () => {
    running = pruneOnce(deps.prisma, deps.settings, deps.now()).then(
      (pruned) => {
        if (pruned && Object.values(pruned).some(Boolean)) {
          app.log.info(pruned, 'pruned data past its retention period')
        }
      },
      (err) => app.log.warn({ err }, 'could not prune data past its retention period'),
    )
  }
  app.addHook('onReady', async () => {
    prune()
    timer = setInterval(prune, PRUNE_EVERY_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
  return { settled: () => running }
}
