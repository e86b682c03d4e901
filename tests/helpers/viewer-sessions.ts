// The app of a test file about viewers' sessions: it runs on a clock that starts at the real time
// (the CLI runs on that one) and moves only when a test says so, with a Circle K code and an
// investor code to open sessions under, as one-time links open them: for an e-mail.
import { beforeAll } from 'vitest'
import { grantedRetailers, limitPrefix, seedCode, testClock, testGrantCookie } from './access.ts'
import { testAppForFile } from './app.ts'

export function viewerSessionsForFile() {
  const clock = testClock(new Date())
  const t = testAppForFile({ access: { now: clock.now, rateLimitPrefix: limitPrefix() } })
  const codes = { circlek: '', investor: '' }
  beforeAll(async () => {
    codes.circlek = await seedCode(t.db, 'circlek', 'circle-k-sessions-1', { label: 'Category team' })
    codes.investor = await seedCode(t.db, 'investor', 'investor-sessions-1')
  })
  /** A session a one-time link opened for `email`, as the cookie a browser holds. */
  const linkGrant = (retailer: keyof typeof codes, email: string) =>
    testGrantCookie(t.app, { retailer, codeId: codes[retailer], issuedAt: clock.now(), email })
  return {
    t,
    clock,
    codes,
    linkGrant,
    /**
     * Dana signed in at both partners (the second time with her address in other letters' case) and
     * Lee at one: the cookies of their sessions.
     */
    danaAndLee: async () => ({
      dana: [await linkGrant('circlek', 'dana@circlek.com'), await linkGrant('investor', 'Dana@circlek.com')],
      lee: await linkGrant('circlek', 'lee@circlek.com'),
    }),
    /** The retailers a Cookie header opens now. */
    retailers: (cookie: string) => grantedRetailers(t.app, cookie),
  }
}
