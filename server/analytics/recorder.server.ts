// Page views and goals are written behind the request (decision 065): a hit is a few fields put in
// a bounded in-memory queue (hit-queue.server.ts), written every second, or once MAX_BATCH hits
// wait, as one insert per table of the whole batch, at most one batch a second. The hashing,
// the user-agent and URL parsing happen in the write too, off the request, a few rows per turn of
// the event loop. Hits past a full batch are dropped and counted (rm5_analytics_dropped_total);
// no page waits for any of it.
import { setImmediate as answerWaitingRequests } from 'node:timers/promises'
import { dayOfInstant } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../db/database.server.ts'
import type { Goal } from './counted-requests.server.ts'
import { DailySalts, visitorHash } from './daily-salt.server.ts'
import { HitQueue } from './hit-queue.server.ts'
import { deviceAndBrowser } from './user-agent.server.ts'
import { referrerHost, viewFields } from './view-fields.server.ts'

export const FLUSH_MS = 1000
export const MAX_BATCH = 1000
/**
 * Rows built between two turns of the event loop: the hashing and parsing of a full batch would
 * otherwise hold every request that arrives meanwhile; this way a page waits at most for a few
 * rows.
 */
const ROWS_PER_TURN = 100

/** What the request leaves behind: read from it while it is answered, worked on when written. */
export interface Hit {
  at: Date
  address: string
  userAgent: string
  /** A page view's URL (path and query) and Referer; a goal's name. */
  view?: { url: string; referer: string | undefined; host: string | undefined }
  goal?: Goal
}

/** A row of analytics_views as the insert reads it, in its columns' order. */
type ViewRow = [
  /** ISO 8601. */
  at: string,
  /** YYYY-MM-DD, UTC. */
  day: string,
  visitor: string,
  path: string,
  referrer: string | null,
  utmSource: string | null,
  utmMedium: string | null,
  utmCampaign: string | null,
  device: string,
  browser: string,
]
/** A row of analytics_goals, likewise. */
type GoalRow = [at: string, day: string, visitor: string, goal: Goal]

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

  /** Whether a hit can wait now; if not, it is counted as dropped and need not be built. */
  admit(): boolean {
    return this.queue.admit()
  }

  record(hit: Hit): void {
    this.queue.push(hit)
  }

  /** Writes what is waiting (on close, and for tests waiting for their hits). */
  flush(): Promise<void> {
    return this.queue.flush()
  }

  private async write(hits: Hit[]): Promise<void> {
    // Each hit's time is written once; its day is read from that text.
    const instants = hits.map((hit) => hit.at.toISOString())
    const days = instants.map(dayOfInstant)
    const salts = await this.saltsOf(days)
    const { site, ownHosts } = this.options
    const views: ViewRow[] = []
    const goals: GoalRow[] = []
    for (const [index, hit] of hits.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await answerWaitingRequests()
      const at = instants[index] as string
      const day = days[index] as string
      const visitor = visitorHash(salts.get(day) as Buffer, site, hit.address, hit.userAgent)
      if (hit.goal) goals.push([at, day, visitor, hit.goal])
      if (hit.view) {
        const fields = viewFields(hit.view.url)
        const kind = deviceAndBrowser(hit.userAgent)
        const referrer = referrerHost(hit.view.referer, ownHosts, hit.view.host)
        views.push([
          at,
          day,
          visitor,
          fields.path,
          referrer,
          fields.utmSource,
          fields.utmMedium,
          fields.utmCampaign,
          kind.device,
          kind.browser,
        ])
      }
    }
    // One insert per table, the batch in one JSON text parameter (an array of rows, each an array
    // of its columns), which Prisma and pg pass on as it is: arrays or rows of parameters would be
    // converted on this thread one value at a time.
    if (views.length > 0)
      await this.options.prisma.$executeRaw`
        INSERT INTO analytics_views
          (at, day, visitor, path, referrer, utm_source, utm_medium, utm_campaign, device, browser)
        SELECT (v->>0)::timestamptz, (v->>1)::date, v->>2, v->>3, v->>4, v->>5, v->>6, v->>7, v->>8, v->>9
        FROM json_array_elements(${JSON.stringify(views)}::json) AS v`
    if (goals.length > 0)
      await this.options.prisma.$executeRaw`
        INSERT INTO analytics_goals (at, day, visitor, goal)
        SELECT (g->>0)::timestamptz, (g->>1)::date, g->>2, g->>3
        FROM json_array_elements(${JSON.stringify(goals)}::json) AS g`
  }

  /**
   * The salt of each UTC day in the batch, asked oldest day first: a batch across midnight reads
   * the day that ended before the new one (asking for a day deletes the salts of earlier days).
   */
  private async saltsOf(days: readonly string[]): Promise<Map<string, Buffer>> {
    const salts = new Map<string, Buffer>()
    for (const day of [...new Set(days)].sort()) salts.set(day, await this.salts.of(day))
    return salts
  }
}
