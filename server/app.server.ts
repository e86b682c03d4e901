// The Fastify app as a plugin-shaped builder: tests build it and use `inject`; server/main.server.ts
// adds the listener, signals and embedded services.
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { type AccessOptions, accessPageContext, registerAccess } from './access/access.server.ts'
import { createMailer } from './access/email-link-mail.server.ts'
import { registerAdminConsole } from './admin/console.server.tsx'
import type { AnalyticsRecorder } from './analytics/recorder.server.ts'
import { type AnalyticsOptions, registerAnalytics } from './analytics/register.server.ts'
import type { Database } from './db/database.server.ts'
import { localMigrationNames } from './db/schema-state.server.ts'
import { type DataRoomOptions, registerDocuments } from './documents/data-room.server.ts'
import { documentPageHeaders } from './documents/page-headers.server.ts'
import type { Env } from './env.server.ts'
import { formReturnOf } from './forms/form-returns.server.ts'
import { registerCsrfProtection } from './http/csrf.server.ts'
import { registerDraining } from './http/draining.server.ts'
import { HttpError, registerErrorHandling } from './http/errors.server.ts'
import { frameworkErrors } from './http/framework-errors.server.ts'
import { createNotFoundLimiter } from './http/not-found-limit.server.ts'
import { siteUrlWarning } from './http/public-origin.server.ts'
import { registerRateLimit } from './http/rate-limit.server.ts'
import { registerRedirectGuard } from './http/redirects.server.ts'
import { createRenderLimiter } from './http/render-limit.server.ts'
import { registerRequestContext } from './http/request-context.server.ts'
import { registerRequestIdHeader, requestIdFrom } from './http/request-id.server.ts'
import { registerRequestLog } from './http/request-log.server.ts'
import { registerSecurityHeaders } from './http/security-headers.server.ts'
import { BODY_LIMIT_BYTES, transportOptions } from './http/transport.server.ts'
import { loggerOptions } from './logger.server.ts'
import { createMetrics, type Metrics } from './metrics/metrics.server.ts'
import { registerMetrics } from './metrics/metrics-route.server.ts'
import { type NotificationOptions, registerNotifications } from './notifications/notifications.server.ts'
import { registerPartners } from './partners/directory.server.ts'
import { connectRedis } from './redis.server.ts'
import { retentionSettings, type ScheduledPruning, schedulePruning } from './retention/prune.server.ts'
import { agreementRoutes } from './routes/api/agreement.server.ts'
import { apiRoutes } from './routes/api/index.server.ts'
import { documentFileRoutes } from './routes/document-file.server.ts'
import { documentPageImageRoutes } from './routes/document-page-image.server.ts'
import { mediaRoutes } from './routes/media.server.ts'
import { createMediaCache } from './routes/media-cache.server.ts'
import { databaseCheck, probeRoutes } from './routes/probes.server.ts'
import type { Storage } from './storage/storage.server.ts'
import { trustedPeer } from './trust-proxy.server.ts'
import { type PagesOptions, registerPages } from './vike/pages.server.ts'

export interface AppDeps {
  env: Env
  db: Database
  storage: Storage
  /** Omit to build an API-only app (most integration tests). */
  pages?: Omit<PagesOptions, 'pageContextFor'>
  logger?: FastifyServerOptions['logger']
  /** Test seams for access (clock, hasher, rate-limit key prefix); production uses the defaults. */
  access?: AccessOptions
  /** Test seams for notification delivery (retry timing, clock). */
  notifications?: NotificationOptions
  /** Test seams for the data room (clock, engagement flush timing). */
  documents?: DataRoomOptions
  /** How often the partners are read again (server/partners); tests shorten it. */
  partnersRefreshMs?: number
  /** Test seams for the visitor analytics' write queue (timing, size). */
  analytics?: AnalyticsOptions
}

export { BODY_LIMIT_BYTES }

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const trusted = trustedPeer(deps.env.TRUST_PROXY)
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.env),
    // Body and header sizes, slow-client timeouts (server/http/transport.server.ts).
    ...transportOptions(),
    // The proxies' addresses (server/trust-proxy.server.ts): request.ip is the nearest untrusted address.
    trustProxy: trusted,
    // A trusted proxy's X-Request-Id, else a new id (server/http/request-id.server.ts). Fastify's
    // requestIdHeader would take the header from any client: off, genReqId applies the trust rule.
    requestIdHeader: false,
    genReqId: requestIdFrom(trusted),
    // Requests arriving during a drain are answered by registerDraining in our error shape;
    // Fastify's built-in 503 has a body of its own. It still sends `Connection: close` then.
    return503OnClosing: false,
    // Per-request access lines cost a large share of a pre-rendered page's budget; failures,
    // unknown paths and rejected requests are logged where they happen instead.
    // Every line of a request carries its id as `requestId`, the header's name in the logs.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    routerOptions: { maxParamLength: 512 },
    frameworkErrors: frameworkErrors({ env: deps.env, development: deps.pages?.mode === 'development' }),
  })
  app.decorate('deps', deps)
  // First: every answer names its request, whatever hook or handler answers it.
  registerRequestIdHeader(app)
  registerRequestContext(app)
  if (deps.env.TRUST_PROXY === true && deps.env.NODE_ENV === 'production') {
    app.log.warn(
      'TRUST_PROXY=true believes any X-Forwarded-For, so every client can pick its own address and ' +
        'escape the rate limits; name your proxies instead (docs/scaling-and-proxies.md, "Deploying behind a proxy")',
    )
  }
  const siteUrlMissing = siteUrlWarning(deps.env)
  if (siteUrlMissing) app.log.warn(siteUrlMissing)
  const metrics = createMetrics({ processMetrics: Boolean(deps.env.METRICS_TOKEN) })
  app.decorate('metrics', metrics)
  registerErrorHandling(app)
  registerMetrics(app, metrics, deps.env.METRICS_TOKEN)
  // The access keys exist once registerAccess has run, before the first request.
  if (deps.env.LOG_REQUESTS) registerRequestLog(app, () => app.access.keys.ip)
  await registerSecurityHeaders(app, { env: deps.env, development: deps.pages?.mode === 'development' })
  // After the security headers (the 503 carries them too), before anything that does real work.
  registerDraining(app)
  await registerCsrfProtection(app, deps.env)
  registerRedirectGuard(app, deps.env)

  const redis = await connectRedis(app, deps.env)
  await app.register(probeRoutes, {
    checks: [
      { name: 'database', required: true, ping: databaseCheck(deps.db, await localMigrationNames()) },
      { name: 'storage', required: false, ping: () => deps.storage.ping() },
      ...(redis ? [{ name: 'redis', required: false, ping: () => redis.ping() }] : []),
    ],
  })
  const mediaCache = createMediaCache(deps.env)
  if (mediaCache) metrics.sources.mediaCache = () => mediaCache.stats
  await app.register(mediaRoutes, { storage: deps.storage, cache: mediaCache })
  await registerRateLimit(app, redis)
  registerNotifications(app, { env: deps.env, db: deps.db, options: deps.notifications })
  // The partners whose gates are served (`app.partners`, decision 035): before access, which reads them.
  const partners = registerPartners(app, deps.db.prisma, { refreshMs: deps.partnersRefreshMs })
  await registerAccess(app, { env: deps.env, db: deps.db, options: deps.access })
  // Visitor analytics (decision 065): a hook after each answer of the routes that can count (it
  // hooks them as they are added, so before any of them), none with ANALYTICS=false.
  app.decorate(
    'analytics',
    registerAnalytics(app, {
      env: deps.env,
      prisma: deps.db.prisma,
      now: app.access.now,
      options: deps.analytics,
    }),
  )
  // Data past its retention period goes, whoever wrote it (access, documents, notifications).
  app.decorate(
    'pruning',
    schedulePruning(app, {
      prisma: deps.db.prisma,
      settings: retentionSettings(deps.env),
      now: app.access.now,
    }),
  )
  // The data room (`app.documents`): documents, agreements, engagement (decision 031).
  const documents = registerDocuments(app, {
    env: deps.env,
    db: deps.db,
    storage: deps.storage,
    options: deps.documents,
  })
  await app.register(apiRoutes, {
    prefix: '/api',
    documentBeacons: {
      engagement: documents.engagement,
      room: documents,
      clientHash: (ip) => documents.clientHash(ip),
      readViewToken: (value) => documents.readViewToken(value),
      readingTime: (...args) => documents.readingTime(...args),
    },
  })
  await app.register(agreementRoutes, { prefix: '/api' })
  await app.register(documentFileRoutes)
  await app.register(documentPageImageRoutes)
  // The admin console at /admin (decision 041): its own sessions, roles and audit log.
  const consoleMailer = createMailer(deps.env)
  if (consoleMailer) app.addHook('onClose', async () => consoleMailer.close())
  await registerAdminConsole(app, {
    env: deps.env,
    db: deps.db,
    storage: deps.storage,
    ipKey: app.access.keys.ip,
    mailer: consoleMailer,
    now: deps.access?.now,
    rateLimitPrefix: deps.access?.rateLimitPrefix,
    clientDir: deps.pages ? `${deps.pages.root}/dist/client` : undefined,
  })

  // Unknown API paths and non-GET methods answer with the JSON error shape; unknown paths of
  // any kind are limited per client IP (the access test seam's prefix isolates test counters).
  const notFound = createNotFoundLimiter(app, { prefix: deps.access?.rateLimitPrefix })
  app.setNotFoundHandler(async (request) => {
    await notFound.count(request)
    throw new HttpError(404, 'not_found', `No route for ${request.method} ${request.url.split('?', 1)[0]}`)
  })

  if (deps.pages) {
    await registerPages(app, {
      ...deps.pages,
      // Guards see only grants the server verified, never the raw cookie (docs/architecture.md: Access).
      pageContextFor: (request) => accessPageContext(app, request),
      notFoundLimiter: notFound,
      perRequestLimiter: createRenderLimiter(app, { prefix: deps.access?.rateLimitPrefix }),
      services: { documents, partners },
      headersFor: documentPageHeaders(deps.env),
      formReturnFor: (request, pathname, search) =>
        formReturnOf(app.deps.db.prisma, request, pathname, search),
    })
  }
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
    metrics: Metrics
    /** Deleting data past its retention period (server/retention). */
    pruning: ScheduledPruning
    /** The page views and goals waiting to be written; undefined with ANALYTICS=false. */
    analytics: AnalyticsRecorder | undefined
  }
}
