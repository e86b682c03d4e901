// Analytics' part of the retention run (server/retention/prune.server.ts, in its transaction and
// under its lock): past days are rolled up first (their figures kept for good), then raw views and
// goals older than ANALYTICS_RETENTION_DAYS go, and salts of days before today.
import { DAY_MS, dayKey, dayStart } from '../../lib/utc-day.ts'
import type { Prisma } from '../db/database.server.ts'
import { dayFigures } from './daily-figures.server.ts'

/** A day is rolled up once it has been over this long: hits still in a queue at midnight are written by then. */
const SETTLE_MS = 10 * 60 * 1000

export interface AnalyticsPruned {
  analyticsDaysRolledUp: number
  analyticsViews: number
  analyticsGoals: number
  analyticsSalts: number
}

/** Rolls up every past day with raw rows and no rollup yet; answers how many days. */
export async function rollUpPastDays(tx: Prisma.TransactionClient, now: Date): Promise<number> {
  const before = dayStart(dayKey(new Date(now.getTime() - SETTLE_MS)))
  const days = await tx.$queryRaw<{ day: Date }[]>`
    (SELECT DISTINCT day FROM analytics_views WHERE day < ${before}::date
     UNION SELECT DISTINCT day FROM analytics_goals WHERE day < ${before}::date)
    EXCEPT SELECT day FROM analytics_rollups WHERE dimension = 'total'
    ORDER BY day`
  for (const { day } of days) {
    const key = dayKey(day)
    const figures = await dayFigures(tx, key, key)
    await tx.analyticsRollup.createMany({
      data: figures.map((row) => ({ ...row, day: dayStart(row.day) })),
      skipDuplicates: true,
    })
  }
  return days.length
}

export async function pruneAnalytics(
  tx: Prisma.TransactionClient,
  now: Date,
  retentionDays: number,
): Promise<AnalyticsPruned> {
  const analyticsDaysRolledUp = await rollUpPastDays(tx, now)
  const before = new Date(now.getTime() - retentionDays * DAY_MS)
  const views = await tx.analyticsView.deleteMany({ where: { at: { lt: before } } })
  const goals = await tx.analyticsGoal.deleteMany({ where: { at: { lt: before } } })
  const salts = await tx.analyticsSalt.deleteMany({ where: { day: { lt: dayStart(dayKey(now)) } } })
  return {
    analyticsDaysRolledUp,
    analyticsViews: views.count,
    analyticsGoals: goals.count,
    analyticsSalts: salts.count,
  }
}
