// How visitor analytics keeps its rows (decision 065), on a real Postgres: what a row keeps of its
// request, the write queue drops and counts what it cannot hold without ever holding up a request,
// the retention run rolls past days up before it deletes their raw views, the salts of past days
// go, and ANALYTICS=false registers nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AnalyticsRecorder, MAX_BATCH } from '../../server/analytics/recorder.server.ts'
import { analyticsReport } from '../../server/analytics/report.server.ts'
import { pruneOnce } from '../../server/retention/prune.server.ts'
import { clearAnalytics } from '../helpers/analytics.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { deferred } from '../helpers/deferred.ts'

const DAY = 24 * 60 * 60 * 1000
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
/** The default: raw views are kept 90 days. */
const SETTINGS = { accessAttemptDays: 90, docketActivityDays: 365, notificationDays: 30, analyticsDays: 90 }
const dayOf = (at: Date) => at.toISOString().slice(0, 10)

let t: TestApp

beforeAll(async () => {
  // A batch of two hits, written once a minute unless full: two waiting fill the queue.
  t = await createTestApp({ analytics: { maxBatch: 2, flushMs: 60_000 } })
  // The start-up prune deletes past days' salts too: it must be over before a test makes one.
  await t.app.ready()
  await t.app.pruning.settled()
})
afterAll(async () => {
  await t?.close()
})
// Tests run in a shuffled order: each starts with no analytics rows.
beforeEach(() => clearAnalytics(t))

const hit = (n: number, at = new Date()) => ({
  at,
  address: `192.0.2.${n}`,
  userAgent: UA,
  view: { url: `/company?n=${n}`, referer: undefined, host: undefined },
})

/** A recorder of its own, for a site at rm5.example, apart from the app's. */
const ownRecorder = () =>
  new AnalyticsRecorder({
    prisma: t.db.prisma,
    site: 'rm5.example',
    ownHosts: ['rm5.example'],
    log: { error() {} },
    onDrop() {},
  })

describe('the rows written', () => {
  it('keep the path, the referring site, the UTM tags, the device and the browser, and one visitor per address and browser', async () => {
    const recorder = ownRecorder()
    const at = new Date()
    const view = (address: string, url: string, referer: string | undefined, host = 'rm5.example') => ({
      at,
      address,
      userAgent: UA,
      view: { url, referer, host },
    })
    recorder.record(
      view(
        '192.0.2.1',
        '/company?utm_source=news&utm_medium=email&utm_campaign=fall',
        'https://www.example.org/a?q=1',
      ),
    )
    // A link within the site: by one of its hosts, or by the host the request was sent to.
    recorder.record(view('192.0.2.1', '/technology?ref=partner', 'https://rm5.example/company'))
    recorder.record(view('192.0.2.2', '/', 'http://10.0.0.5:3000/', '10.0.0.5:3000'))
    recorder.record({ at, address: '192.0.2.1', userAgent: UA, goal: 'contact' })
    await recorder.flush()

    const views = await t.db.prisma.analyticsView.findMany({ orderBy: { id: 'asc' } })
    expect(
      views.map(({ path, referrer, utmSource, utmMedium, utmCampaign, device, browser }) => ({
        path,
        referrer,
        utmSource,
        utmMedium,
        utmCampaign,
        device,
        browser,
      })),
    ).toEqual([
      {
        path: '/company',
        referrer: 'example.org',
        utmSource: 'news',
        utmMedium: 'email',
        utmCampaign: 'fall',
        device: 'desktop',
        browser: 'Firefox',
      },
      {
        path: '/technology',
        referrer: null,
        utmSource: 'partner',
        utmMedium: null,
        utmCampaign: null,
        device: 'desktop',
        browser: 'Firefox',
      },
      {
        path: '/',
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        device: 'desktop',
        browser: 'Firefox',
      },
    ])
    const [first, second, third] = views
    expect(first?.at.getTime()).toBe(at.getTime())
    expect(first?.day).toEqual(new Date(`${dayOf(at)}T00:00:00Z`))
    expect(first?.visitor).toMatch(/^[\w-]{22}$/)
    expect(second?.visitor).toBe(first?.visitor)
    expect(third?.visitor).not.toBe(first?.visitor)
    const goals = await t.db.prisma.analyticsGoal.findMany()
    expect(goals).toMatchObject([{ goal: 'contact', visitor: first?.visitor, at }])
  })
})

describe('hostile tags', () => {
  it('a zero byte or a character cut in half at the length limit costs neither its view nor its batch', async () => {
    const recorder = ownRecorder()
    const at = new Date()
    const view = (n: number, url: string) => ({
      at,
      address: `192.0.2.${n}`,
      userAgent: UA,
      view: { url, referer: undefined, host: undefined },
    })
    // Postgres refuses a zero byte in text, and a lone half of a surrogate pair in JSON.
    recorder.record(view(1, '/?utm_source=%00news%00&utm_medium=%01mail'))
    recorder.record(view(2, `/?utm_campaign=${'a'.repeat(99)}%F0%9F%9A%9A`))
    recorder.record(view(3, '/company'))
    await recorder.flush()

    const views = await t.db.prisma.analyticsView.findMany({ orderBy: { id: 'asc' } })
    expect(
      views.map(({ path, utmSource, utmMedium, utmCampaign }) => ({
        path,
        utmSource,
        utmMedium,
        utmCampaign,
      })),
    ).toEqual([
      { path: '/', utmSource: 'news', utmMedium: 'mail', utmCampaign: null },
      // A tag is kept to 100 characters, never half of one.
      { path: '/', utmSource: null, utmMedium: null, utmCampaign: 'a'.repeat(99) },
      { path: '/company', utmSource: null, utmMedium: null, utmCampaign: null },
    ])
  })
})

describe('the write queue', () => {
  it('drops and counts hits past its bound while the database is slow, and answers requests meanwhile', async () => {
    const recorder = t.app.analytics
    if (!recorder) throw new Error('analytics is on by default')
    const locked = deferred()
    const holding = deferred()
    // Another session holds the table: the queue's insert waits for it.
    const lock = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`LOCK TABLE analytics_views IN ACCESS EXCLUSIVE MODE`
        locked.resolve()
        await holding.promise
      },
      { timeout: 60_000 },
    )
    await locked.promise
    const dropped = async () => (await t.app.metrics.analyticsDropped.get()).values[0]?.value ?? 0
    const before = await dropped()
    // Two fill a batch and start a write (which waits on the lock), two more fill the next, six
    // are dropped.
    for (let n = 1; n <= 10; n++) recorder.record(hit(n))
    expect((await dropped()) - before).toBe(6)
    // Requests are answered while the write waits.
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200)
    holding.resolve()
    await lock
    await recorder.flush()
    expect(await t.db.prisma.analyticsView.count()).toBe(4)
    const metrics = await t.app.metrics.registry.getSingleMetricAsString('rm5_analytics_dropped_total')
    expect(metrics).toContain(`rm5_analytics_dropped_total ${before + 6}`)
    await t.db.prisma.analyticsView.deleteMany()
  })

  it('builds a full batch across turns of the event loop, so requests are answered before its insert', async () => {
    // A recorder over the app's Prisma client that notes when a batch's insert is sent.
    let inserted = false
    const prisma = new Proxy(t.db.prisma, {
      get(target, key, receiver) {
        if (key !== '$executeRaw') return Reflect.get(target, key, receiver)
        return (...args: Parameters<typeof target.$executeRaw>) => {
          inserted = true
          return target.$executeRaw(...args)
        }
      },
    })
    const recorder = new AnalyticsRecorder({
      prisma,
      site: 'rm5.example',
      ownHosts: [],
      log: { error() {} },
      onDrop() {},
    })
    // The day's salt is read once, with a query of its own: read it before the batch.
    recorder.record(hit(1))
    await recorder.flush()
    inserted = false
    for (let n = 1; n <= MAX_BATCH; n++) recorder.record(hit(n))
    const written = recorder.flush()
    // A turn of the event loop queued now, as a request arriving during the write would be: it
    // comes before the insert when the batch's rows leave room for it.
    const insertedBeforeTheTurn = await new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(inserted)),
    )
    await written
    expect(insertedBeforeTheTurn).toBe(false)
    expect(inserted).toBe(true)
    expect(await t.db.prisma.analyticsView.count()).toBe(MAX_BATCH + 1)
  })
})

describe('retention', () => {
  it('rolls past days up, deletes raw views and goals past ANALYTICS_RETENTION_DAYS and keeps the rollups', async () => {
    const now = new Date()
    const old = new Date(now.getTime() - 100 * DAY)
    const recent = new Date(now.getTime() - 2 * DAY)
    const rows = (at: Date, visitors: number) =>
      Array.from({ length: visitors * 2 }, (_, n) => ({
        at: new Date(at.getTime() + n * 1000),
        day: new Date(`${dayOf(at)}T00:00:00Z`),
        visitor: `visitor-${n % visitors}`,
        path: n % 2 ? '/company' : '/',
        referrer: null,
        utmSource: n === 0 && at === old ? 'newsletter' : null,
        utmMedium: null,
        utmCampaign: null,
        device: 'desktop',
        browser: 'Firefox',
      }))
    await t.db.prisma.analyticsView.createMany({ data: [...rows(old, 3), ...rows(recent, 2)] })
    await t.db.prisma.analyticsGoal.create({
      data: { at: old, day: new Date(`${dayOf(old)}T00:00:00Z`), visitor: 'visitor-0', goal: 'application' },
    })

    const pruned = await pruneOnce(t.db.prisma, SETTINGS, now)
    expect(pruned).toMatchObject({ analyticsDaysRolledUp: 2, analyticsViews: 6, analyticsGoals: 1 })
    expect(await t.db.prisma.analyticsView.count()).toBe(4)
    expect(await t.db.prisma.analyticsGoal.count()).toBe(0)

    // The old day's figures outlive its raw rows.
    const report = await analyticsReport(t.db.prisma, { since: dayOf(old), until: dayOf(now) })
    expect(report.totals).toMatchObject({ visitors: 5, views: 10, applications: 1 })
    expect(report.visitorsPerDay.days.find((entry) => entry.day === dayOf(old))?.count).toBe(3)
    expect(report.conversions.find((row) => row.value === 'newsletter')).toMatchObject({
      visitors: 1,
      applications: 1,
    })
    // A second run finds nothing more to roll up or delete.
    expect(await pruneOnce(t.db.prisma, SETTINGS, now)).toMatchObject({
      analyticsDaysRolledUp: 0,
      analyticsViews: 0,
    })
    expect(
      await t.db.prisma.analyticsRollup.count({ where: { day: new Date(`${dayOf(old)}T00:00:00Z`) } }),
    ).toBeGreaterThan(0)
  })

  it('deletes the salts of past days and keeps today’s', async () => {
    // One that has not met today yet, as a server started yesterday.
    const recorder = ownRecorder()
    await t.db.prisma.analyticsSalt.deleteMany()
    const now = new Date()
    recorder.record(hit(1, new Date(now.getTime() - DAY)))
    await recorder.flush()
    expect(await t.db.prisma.analyticsSalt.count()).toBe(1)
    // Today's first hit: yesterday's salt goes at once.
    recorder.record(hit(1, now))
    await recorder.flush()
    const salts = await t.db.prisma.analyticsSalt.findMany()
    expect(salts.map((row) => dayOf(row.day))).toEqual([dayOf(now)])
    // And the retention run deletes any salt left from a past day (another instance's).
    await t.db.prisma.analyticsSalt.create({
      data: {
        day: new Date(`${dayOf(new Date(now.getTime() - 3 * DAY))}T00:00:00Z`),
        salt: Buffer.alloc(32),
      },
    })
    expect(await pruneOnce(t.db.prisma, SETTINGS, now)).toMatchObject({ analyticsSalts: 1 })
    expect((await t.db.prisma.analyticsSalt.findMany()).map((row) => dayOf(row.day))).toEqual([dayOf(now)])
  })
})

describe('ANALYTICS=false', () => {
  it('registers nothing: no recorder, no row', async () => {
    const off = await createTestApp({ env: { ANALYTICS: 'false' } })
    try {
      expect(off.app.analytics).toBeUndefined()
      await off.app.inject({ url: '/livez', headers: { 'user-agent': UA } })
      expect(await off.db.prisma.analyticsView.count()).toBe(0)
    } finally {
      await off.close()
    }
  })
})
