// Page views and goals are written behind the request (decision 065): a hit is a few fields put in
// a bounded in-memory queue (hit-queue.server.ts), written every second, or once MAX_BATCH hits
// wait, as one multi-row insert per table (INSERT … SELECT FROM unnest), at most one batch a second. The hashing and user-agent
// parsing happen in the write too, off the request. Hits past a full batch are dropped and counted
// (rm5_analytics_dropped_total); no page waits for any of it.
import type { PrismaClient } from '../db/database.server.ts'
import type { Goal } from './counted-requests.server.ts'
import { DailySalts, visitorHash } from './daily-salt.server.ts'
import { HitQueue } from './hit-queue.server.ts'
import { dayKey, dayStart } from './period.server.ts'
import { deviceAndBrowser } from './user-agent.server.ts'
import { referrerHost, viewFields } from './view-fields.server.ts'

export const FLUSH_MS = 1000
export const MAX_BATCH = 1000

/** What the request leaves behind: read from it while it is answered, worked on when written. */
export interface Hit {
  at: Date
  address: string
  userAgent: string
  /** A page view's URL (path and query) and Referer; a goal's name. */
  view?: { url: string; referer: string | undefined; host: string | undefined }
  goal?: Goal
}

interface ViewRow {
  at: Date
  day: Date
  visitor: string
  path: string
  referrer: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  device: string
  browser: string
}

export interface RecorderOptions {
  prisma: PrismaClient
  /** The site's name in the visitor hash (SITE_URL's host). */
  site: string
  /** Hosts of this site: a Referer from one of them is a link within the site. */
  ownHosts: readonly string[]
  log: { error(obj: object, msg: string): void }
  onDrop: () => void
  flushMs?: number
  maxBatch?: number
}

export class AnalyticsRecorder {
  private readonly queue: HitQueue<Hit>
  private readonly salts: DailySalts

  constructor(private readonly options: RecorderOptions) {
    this.salts = new DailySalts(options.prisma)
    this.queue = new HitQueue({
      write: (hits) => this.write(hits),
      onDrop: options.onDrop,
      onError: (err, rows) => options.log.error({ err, rows }, 'could not record page views'),
      flushMs: options.flushMs ?? FLUSH_MS,
      maxBatch: options.maxBatch ?? MAX_BATCH,
    })
  }

  record(hit: Hit): void {
    this.queue.push(hit)
  }

  /** Writes what is waiting (on close, and for tests waiting for their hits). */
  flush(): Promise<void> {
    return this.queue.flush()
  }

  private async write(hits: Hit[]): Promise<void> {
    const own = new Set(this.options.ownHosts)
    const views: ViewRow[] = []
    const goals: { at: Date; day: Date; visitor: string; goal: Goal }[] = []
    // Oldest day first: a batch across midnight reads the day that ended before the new one.
    for (const hit of [...hits].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const day = dayKey(hit.at)
      const visitor = visitorHash(await this.salts.of(day), this.options.site, hit.address, hit.userAgent)
      const base = { at: hit.at, day: dayStart(day), visitor }
      if (hit.goal) goals.push({ ...base, goal: hit.goal })
      if (hit.view) {
        const ownHosts = hit.view.host ? new Set([...own, hit.view.host]) : own
        views.push({
          ...base,
          ...viewFields(hit.view.url),
          referrer: referrerHost(hit.view.referer, ownHosts),
          ...deviceAndBrowser(hit.userAgent),
        })
      }
    }
    // One INSERT … SELECT FROM unnest per table: a column is one array parameter, so a batch of
    // a thousand rows costs eleven parameters to build, not eleven thousand (createMany's).
    const column = <K extends keyof ViewRow>(key: K) => views.map((view) => view[key])
    if (views.length > 0)
      await this.options.prisma.$executeRaw`
        INSERT INTO analytics_views
          (at, day, visitor, path, referrer, utm_source, utm_medium, utm_campaign, device, browser)
        SELECT * FROM unnest(${column('at')}::timestamptz[], ${column('day')}::date[],
          ${column('visitor')}::text[], ${column('path')}::text[], ${column('referrer')}::text[],
          ${column('utmSource')}::text[], ${column('utmMedium')}::text[], ${column('utmCampaign')}::text[],
          ${column('device')}::text[], ${column('browser')}::text[])`
    if (goals.length > 0)
      await this.options.prisma.$executeRaw`
        INSERT INTO analytics_goals (at, day, visitor, goal)
        SELECT * FROM unnest(${goals.map((g) => g.at)}::timestamptz[], ${goals.map((g) => g.day)}::date[],
          ${goals.map((g) => g.visitor)}::text[], ${goals.map((g) => g.goal)}::text[])`
  }
}
