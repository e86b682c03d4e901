// Analytics in the app (decision 065): with ANALYTICS on, one onResponse hook (after the answer has
// gone) puts each counted request in the recorder's queue; on close, what is waiting is written.
// With ANALYTICS=false nothing is registered: no hook runs on any request.
import type { FastifyInstance } from 'fastify'
import type { PrismaClient } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import { goalOf, isPageView, isPerson } from './counted-requests.server.ts'
import { AnalyticsRecorder } from './recorder.server.ts'

export interface AnalyticsOptions {
  /** How long hits wait before they are written; tests may shorten it. */
  flushMs?: number
  /** How many hits make a write at once; twice as many waiting are the queue's bound. */
  maxBatch?: number
}

export function registerAnalytics(
  app: FastifyInstance,
  deps: { env: Env; prisma: PrismaClient; now: () => Date; options?: AnalyticsOptions },
): AnalyticsRecorder | undefined {
  if (!deps.env.ANALYTICS) return undefined
  const hosts = [deps.env.SITE_URL, deps.env.PUBLIC_ORIGIN].flatMap((url) => (url ? [new URL(url).host] : []))
  const recorder = new AnalyticsRecorder({
    prisma: deps.prisma,
    site: hosts[0] ?? 'site',
    ownHosts: hosts,
    log: app.log,
    onDrop: () => app.metrics.analyticsDropped.inc(),
    flushMs: deps.options?.flushMs,
    maxBatch: deps.options?.maxBatch,
  })
  app.addHook('onResponse', (request, reply, done) => {
    const userAgent = request.headers['user-agent']
    if (isPageView(request, reply)) {
      if (isPerson(userAgent))
        recorder.record({
          at: deps.now(),
          address: request.ip,
          userAgent,
          view: {
            url: request.url,
            referer: request.headers.referer,
            host: request.headers.host,
          },
        })
    } else {
      const goal = goalOf(request, reply)
      if (goal) recorder.record({ at: deps.now(), address: request.ip, userAgent: userAgent ?? '', goal })
    }
    done()
  })
  app.addHook('onClose', async () => recorder.flush())
  return recorder
}
