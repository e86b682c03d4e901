// Analytics in the app (decision 065): with ANALYTICS on, the routes whose answers can count (the
// pages route, the goals' routes: countedOn) get one onResponse hook each as they are added, which
// runs after the answer has gone and puts each counted request in the recorder's queue; no other
// route runs anything. On close, what is waiting is written. With ANALYTICS=false nothing is
// registered: no hook runs on any request.
import type { FastifyInstance, onResponseHookHandler } from 'fastify'
import type { PrismaClient } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import { countedOn, goalOf, isPageView, isPerson } from './counted-requests.server.ts'
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
  const pageAnswered: onResponseHookHandler = (request, reply, done) => {
    if (isPageView(request, reply)) {
      const userAgent = request.headers['user-agent']
      // A full queue drops the view before anything is read for it.
      if (isPerson(userAgent) && recorder.admit())
        recorder.record({
          at: deps.now(),
          address: request.ip,
          userAgent,
          view: { url: request.url, referer: request.headers.referer, host: request.headers.host },
        })
    }
    done()
  }
  const goalAnswered: onResponseHookHandler = (request, reply, done) => {
    const goal = goalOf(request, reply)
    if (goal)
      recorder.record({
        at: deps.now(),
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        goal,
      })
    done()
  }
  // Every route is added after this (the app registers analytics before its routes).
  app.addHook('onRoute', (route) => {
    const counted = countedOn(route.url)
    if (!counted) return
    const hook = counted === 'view' ? pageAnswered : goalAnswered
    route.onResponse = [...[route.onResponse ?? []].flat(), hook]
  })
  app.addHook('onClose', async () => recorder.flush())
  return recorder
}
