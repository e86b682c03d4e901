// The app through Debian's PgBouncer in transaction mode, as strict as a managed pooler (no
// ignored startup parameters), in front of the machine's Postgres (decision 026): applications,
// grants, the notifications outbox, and the advisory-lock work (demo media, retention) all go
// through the pooler; migrations take the direct connection, as `rm5 db migrate` does in its
// own step. Needs the pgbouncer binary (tests/helpers/required-service.ts: required in CI).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { LOCKS, withAdvisoryLock } from '../../server/db/advisory-lock.server.ts'
import { pruneOnce } from '../../server/retention/prune.server.ts'
import { grantCookie, grantedRetailers, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { serverUrl } from '../helpers/database.ts'
import { until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { PGBOUNCER, type PgBouncer, startPgBouncer } from '../helpers/pgbouncer.ts'
import { NOTHING_PRUNED } from '../helpers/pruned.ts'
import { describeWith, type Service } from '../helpers/required-service.ts'
import { runRm5 } from '../helpers/run-cli.ts'
import { postJson } from '../helpers/submissions.ts'

const pgbouncer: Service = {
  name: 'PgBouncer',
  available: Boolean(PGBOUNCER),
  missing: 'is not installed (apt-get install pgbouncer)',
}

const SECRET = randomBytes(24).toString('hex')
const SETTINGS = { accessAttemptDays: 90, docketActivityDays: 365, notificationDays: 30, analyticsDays: 90 }

describeWith(pgbouncer, 'through PgBouncer in transaction mode', () => {
  let bouncer: PgBouncer
  let t: TestApp
  let database: string
  let receiver: ReturnType<typeof webhookReceiver>
  const figures: Record<string, number | string> = {}
  const started = performance.now()

  beforeAll(async () => {
    bouncer = await startPgBouncer(serverUrl())
    receiver = webhookReceiver(await freePort(), SECRET)
    await receiver.start()
    t = await createTestApp({
      databaseUrl: (direct) => {
        database = new URL(direct).pathname.slice(1)
        return bouncer.url(database)
      },
      env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: SECRET },
      access: { rateLimitPrefix: limitPrefix() },
      notifications: { retryMs: 50, maxRetryMs: 200, pollMs: 50 },
    })
  }, 60_000)

  afterAll(async () => {
    if (t && bouncer) {
      const stats = await bouncer.stats(database)
      figures.transactionsThroughPgBouncer = stats.transactions
      figures.queriesThroughPgBouncer = stats.queries
      figures.totalMs = Math.round(performance.now() - started)
      console.info(`pgbouncer figures: ${JSON.stringify(figures)}`)
    }
    await t?.close()
    await receiver?.stop()
    await bouncer?.stop()
  })

  it('is strict: a startup parameter such as statement_timeout is refused, the app’s pool is not', async () => {
    const strict = new pg.Client({ connectionString: bouncer.url(database), statement_timeout: 1000 })
    strict.on('error', () => {})
    await expect(strict.connect()).rejects.toThrow(/unsupported startup parameter/)
    await strict.end().catch(() => {})
    expect(t.env.DATABASE_URL).toBe(bouncer.url(database))
    await expect(t.db.ping()).resolves.toBeUndefined()
  })

  it('stores an application and delivers its notification from the outbox', async () => {
    const at = performance.now()
    const res = await postJson(t.app, '/api/applications', {
      companyName: 'Pooled Market',
      businessType: 'Grocery Store',
      numberOfLocations: '2',
      contactName: 'Pat Pooler',
      email: 'pat@example.org',
      phone: '(512) 555-0142',
      averageOrderValue: '30',
      monthlyOrderVolume: 500,
      currentDeliveryMethod: 'Food delivery app (national marketplace)',
    })
    expect(res.statusCode).toBe(201)
    expect(await t.db.prisma.retailerApplication.count()).toBe(1)
    await until('the webhook is delivered', () => receiver.deliveries.length === 1)
    expect(receiver.deliveries[0]?.event).toBe('application.created')
    expect(receiver.deliveries[0]?.signatureValid).toBe(true)
    await until('the outbox marks it delivered', async () =>
      Boolean((await t.db.prisma.notification.findFirst())?.deliveredAt),
    )
    figures.applicationToDeliveredMs = Math.round(performance.now() - at)
  })

  it('verifies a code and reads the grant back', async () => {
    const at = performance.now()
    await seedCode(t.db, 'circlek', 'pooled-circle-k-1')
    const res = await verify(t.app, { retailer: 'circlek', accessCode: 'pooled-circle-k-1' })
    expect(res.statusCode).toBe(200)
    const cookie = grantCookie(res)
    expect(await grantedRetailers(t.app, cookie)).toEqual(['circlek'])
    expect(await t.db.prisma.accessAttempt.count()).toBe(1)
    figures.verifyAndGrantMs = Math.round(performance.now() - at)
  })

  it('keeps advisory locks exclusive: a second holder waits for the first', async () => {
    const at = performance.now()
    const pooled = bouncer.url(database)
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const order: string[] = []
    let firstIn!: () => void
    const firstHolds = new Promise<void>((resolve) => {
      firstIn = resolve
    })
    const first = withAdvisoryLock(pooled, LOCKS.demoMedia, async () => {
      order.push('first in')
      firstIn()
      await held
      order.push('first out')
    })
    await firstHolds
    const second = withAdvisoryLock(pooled, LOCKS.demoMedia, async () => {
      order.push('second in')
    })
    // Seen from Postgres itself: the second holder's lock request waits.
    const admin = new pg.Client({ connectionString: t.directUrl })
    await admin.connect()
    try {
      await until('the second holder waits on the lock', async () => {
        const { rows } = await admin.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1`,
          [LOCKS.demoMedia],
        )
        return rows.length === 1
      })
    } finally {
      await admin.end()
    }
    expect(order).toEqual(['first in'])
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first in', 'first out', 'second in'])
    figures.advisoryLockHandoverMs = Math.round(performance.now() - at)
  })

  it('prunes once at a time: retention skips while another replica holds its lock', async () => {
    const now = new Date()
    await withAdvisoryLock(bouncer.url(database), LOCKS.retention, async () => {
      expect(await pruneOnce(t.db.prisma, SETTINGS, now)).toBeNull()
    })
    expect(await pruneOnce(t.db.prisma, SETTINGS, now)).toEqual(NOTHING_PRUNED)
  })

  it('migrates on the direct connection while the app serves through the pooler', async () => {
    const at = performance.now()
    const applications = await t.db.prisma.retailerApplication.count()
    const migrate = await runRm5(['db', 'migrate'], { DATABASE_URL: t.directUrl, NODE_ENV: 'production' })
    expect(migrate.stderr).toBe('')
    expect(migrate.stdout).toMatch(/Database is up to date/)
    expect(migrate.code).toBe(0)
    figures.migrateStepMs = Math.round(performance.now() - at)
    // (production, as the migrate step runs: it needs no COOKIE_SECRET.)
    // Reading the migration state needs no lock: `rm5 db status` works through the pooler.
    const status = await runRm5(['db', 'status'], { DATABASE_URL: bouncer.url(database) })
    expect(status.stdout).toMatch(/Database is up to date/)
    expect(status.code).toBe(0)
    // The rows are still there, read through the pooler.
    expect(await t.db.prisma.retailerApplication.count()).toBe(applications)
  }, 60_000)
})
