// Page views and goals are written behind the request (decision 065): a hit is a few fields put in
// a bounded in-memory queue (server/db/write-behind.server.ts), and the queue is written every
// second, or as soon as MAX_BATCH hits wait, as one multi-row insert per table. The hashing and
// user-agent parsing happen there too, off the request. Past twice MAX_BATCH waiting (a database
// slower than the traffic), hits are dropped and counted (rm5_analytics_dropped_total), never
// awaited by a page.
import type { PrismaClient } from '../db/database.server.ts'
import { WriteBehind, type WriteBehindLog } from '../db/write-behind.server.ts'
import type { Goal } from './counted-requests.server.ts'
import { DailySalts, visitorHash } from './daily-salt.server.ts'
import { dayKey, dayStart } from './period.server.ts'
import { deviceAndBrowser } from './user-agent.server.ts'
import { referrerHost, viewFields } from './view-fields.server.ts'

export const FLUSH_MS = 1000
export const MAX_BATCH = 500

/** What the request leaves behind: read from it while it is answered, worked on when written. */
export interface Hit {
  at: Date
  address: string
  userAgent: string
  /** A page view's URL (path and query) and Referer; a goal's name. */
  view?: { url: string; referer: string | undefined; host: string | undefined }
  goal?: Goal
}

export interface RecorderOptions {
  prisma: PrismaClient
  /** The site's name in the visitor hash (SITE_URL's host). */
  site: string
  /** Hosts of this site: a Referer from one of them is a link within the site. */
  ownHosts: readonly string[]
  log: WriteBehindLog
  onDrop: () => void
  flushMs?: number
  maxBatch?: number
}

export class AnalyticsRecorder {
  private readonly queue: WriteBehind<Hit>
  private readonly salts: DailySalts
  private next = 0

  constructor(private readonly options: RecorderOptions) {
    this.salts = new DailySalts(options.prisma)
    this.queue = new WriteBehind((hits) => this.write(hits), options.log, {
      flushMs: options.flushMs ?? FLUSH_MS,
      maxKeys: options.maxBatch ?? MAX_BATCH,
      what: 'page views',
      onDrop: options.onDrop,
    })
  }

  record(hit: Hit): void {
    // Every hit is its own row: a key no other hit has.
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER
    this.queue.put(this.next, () => hit)
  }

  /** Writes what is waiting (on close, and for tests waiting for their hits). */
  flush(): Promise<void> {
    return this.queue.flush()
  }

  private async write(hits: Hit[]): Promise<void> {
    const own = new Set(this.options.ownHosts)
    const views = []
    const goals = []
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
    if (views.length > 0) await this.options.prisma.analyticsView.createMany({ data: views })
    if (goals.length > 0) await this.options.prisma.analyticsGoal.createMany({ data: goals })
  }
}
