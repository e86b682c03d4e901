// What a retention prune reports (server/retention/prune.server.ts), for tests that expect one.
import type { Pruned } from '../../server/retention/prune.server.ts'

/** A prune's report in which no row was old enough. */
export const NOTHING_PRUNED: Pruned = {
  accessAttempts: 0,
  docketViews: 0,
  documentViews: 0,
  notifications: 0,
  emailLinks: 0,
  accessSessions: 0,
  adminSessions: 0,
  adminSignInLinks: 0,
  formReturns: 0,
  analyticsDaysRolledUp: 0,
  analyticsViews: 0,
  analyticsGoals: 0,
  analyticsSalts: 0,
}

/** A prune's report in which only the rows counted here were old enough. */
export const prunedOnly = (counts: Partial<Pruned>): Pruned => ({ ...NOTHING_PRUNED, ...counts })
