// Visitor analytics in tests (decision 065): the queue written, then every row gone, so a test
// counts only its own visits whatever ran before it.
import type { TestApp } from './app.ts'

export async function clearAnalytics(t: TestApp): Promise<void> {
  await t.app.analytics?.flush()
  await t.db.prisma.analyticsView.deleteMany()
  await t.db.prisma.analyticsGoal.deleteMany()
  await t.db.prisma.analyticsRollup.deleteMany()
}
