// Prometheus metrics (prom-client) in a registry of the app's own, so several apps in one process
// (the tests) never share counters. Request counts and durations are observed only when
// /metrics is served (METRICS_TOKEN set): without a reader the hook would be cost for nothing.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { VERSION } from '../version.server.ts'

/** What the scrape reads from other parts of the app at that moment. */
export interface MetricSources {
  mediaCache?: () => { hits: number; lookups: number }
  outbox?: () => Promise<{ pending: number; failed: number }>
  /** Document jobs waiting for a worker process (server/documents/jobs). */
  documentJobsWaiting?: () => number
}

export interface Metrics {
  registry: Registry
  requests: Counter<'method' | 'route' | 'status'>
  duration: Histogram<'method' | 'route'>
  rateLimited: Counter<'route'>
  verifyOutcomes: Counter<'retailer' | 'outcome'>
  documentJobs: Counter<'kind' | 'outcome'>
  documentJobDuration: Histogram<'kind'>
  /** Page views and goals not recorded because the analytics queue was full (decision 065). */
  analyticsDropped: Counter
  sources: MetricSources
}

export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  const sources: MetricSources = {}
  const metrics: Metrics = {
    registry,
    sources,
    requests: new Counter({
      name: 'rm5_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'rm5_http_request_duration_seconds',
      help: 'Time from request to the end of the answer, by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'rm5_rate_limited_total',
      help: 'Requests refused by a rate limit (429), by route',
      labelNames: ['route'],
      registers: [registry],
    }),
    verifyOutcomes: new Counter({
      name: 'rm5_access_verify_total',
      help: 'Access code checks on the gates, by retailer and outcome',
      labelNames: ['retailer', 'outcome'],
      registers: [registry],
    }),
    documentJobs: new Counter({
      name: 'rm5_document_jobs_total',
      help: 'Document worker jobs ended, by kind (inspect, stamp, render) and outcome (done, rejected, time, memory, queue, failure)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    // Up to the jobs' time limit (20 s), queue wait included: what the request waited.
    documentJobDuration: new Histogram({
      name: 'rm5_document_job_duration_seconds',
      help: 'Time from handing a document job to the pool to its answer, queue wait included, by kind',
      labelNames: ['kind'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
    analyticsDropped: new Counter({
      name: 'rm5_analytics_dropped_total',
      help: 'Page views and goals not recorded because the analytics write queue was full',
      registers: [registry],
    }),
  }

  // Counted by the media cache itself; the scrape adds what happened since the last one. A hit
  // is answered from memory; a storage lookup revalidates or loads the object.
  const seen = { hits: 0, lookups: 0 }
  new Counter({
    name: 'rm5_media_cache_requests_total',
    help: 'Media requests by where the bytes came from: hit (memory) or storage',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const stats = sources.mediaCache?.()
      if (!stats) return
      this.inc({ result: 'hit' }, stats.hits - seen.hits)
      this.inc({ result: 'storage' }, stats.lookups - seen.lookups)
      seen.hits = stats.hits
      seen.lookups = stats.lookups
    },
  })
  new Gauge({
    name: 'rm5_notifications_outbox',
    help: 'Notifications waiting in the outbox (pending) and given up (failed)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await sources.outbox?.()
      if (!counts) return
      this.set({ state: 'pending' }, counts.pending)
      this.set({ state: 'failed' }, counts.failed)
    },
  })
  new Gauge({
    name: 'rm5_document_jobs_waiting',
    help: 'Document jobs waiting for a free worker process (the pool queue)',
    registers: [registry],
    collect() {
      this.set(sources.documentJobsWaiting?.() ?? 0)
    },
  })
  // The usual info metric (always 1; the facts are labels): which release and Node each replica
  // runs, e.g. to follow a rolling update.
  new Gauge({
    name: 'rm5_build_info',
    help: 'The release and Node.js version this process runs (always 1)',
    labelNames: ['version', 'node_version'],
    registers: [registry],
  }).set({ version: VERSION, node_version: process.version }, 1)
  return metrics
}
