// GET /metrics for Prometheus, only with METRICS_TOKEN as a bearer token. Without the setting, or
// with a wrong token, the path answers 404 like any unknown one: the metrics show traffic and
// outcomes an outsider has no business reading, so their existence is not advertised either.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  type DocumentJobEnd,
  documentJobEnded,
  documentJobsWaiting,
} from '../documents/jobs/document-jobs.server.ts'
import { routeLabel } from '../http/route-label.server.ts'
import type { Metrics } from './metrics.server.ts'

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return
  const expected = Buffer.from(`Bearer ${token}`)
  const authorized = (header: string | undefined) => {
    if (!header) return false
    const given = Buffer.from(header)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  // A callback hook: it runs on every answer, and an async one costs a promise each.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request, reply)
    metrics.requests.inc({ method: request.method, route, status: reply.statusCode })
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route })
    done()
  })

  // The document pool is the process's, shared with no app: its jobs are heard on its channel.
  const jobEnded = (message: unknown) => {
    const end = message as DocumentJobEnd
    metrics.documentJobs.inc({ kind: end.kind, outcome: end.outcome })
    // A job refused by a full queue never ran: its zero would only pull the durations down.
    if (end.outcome !== 'queue') metrics.documentJobDuration.observe({ kind: end.kind }, end.seconds)
  }
  documentJobEnded.subscribe(jobEnded)
  app.addHook('onClose', async () => {
    documentJobEnded.unsubscribe(jobEnded)
  })
  metrics.sources.documentJobsWaiting = documentJobsWaiting

  app.get('/metrics', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.callNotFound()
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType)
    return metrics.registry.metrics()
  })
}
