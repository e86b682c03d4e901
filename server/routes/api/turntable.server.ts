// GET /api/turntable: the 360° viewer's frames, listed from storage on every request (the home page
// is pre-rendered, so the list cannot be baked into it). Answers 200 with { bucket, images } when
// storage could be listed, even if it holds no frames: the turntable turns that into its spec texts.
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { TurntableListing } from '../../../lib/turntable/messages.ts'
import { routeRateLimit } from '../../http/rate-limits.server.ts'
import { withTimeout } from '../../storage/storage.server.ts'
import { listTurntableImages } from '../../storage/turntable-images.server.ts'

const LIST_TIMEOUT_MS = 5000

const UNAVAILABLE = {
  error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
}

export async function turntableRoutes(app: FastifyInstance): Promise<void> {
  // Concurrent requests share one listing rather than each sending up to four to S3.
  let inFlight: Promise<TurntableListing> | undefined

  const route = {
    method: 'GET',
    // Each call lists storage; a generous per-IP cap keeps a script from turning that into load.
    config: { rateLimit: routeRateLimit('turntable') },
    handler: async (request, reply) => {
      inFlight ??= withTimeout(
        listTurntableImages(app.deps.storage),
        LIST_TIMEOUT_MS,
        'turntable listing',
      ).finally(() => {
        inFlight = undefined
      })
      let listing: TurntableListing
      try {
        listing = await inFlight
      } catch (error) {
        // Named, not hidden behind the generic 5xx text: the turntable shows it as the reason.
        request.log.warn({ err: error }, 'turntable listing failed')
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .header('retry-after', '5')
          .send(UNAVAILABLE)
      }
      // Fresh on every visit (media may be uploaded at any time); the list itself is tiny.
      return reply.header('cache-control', 'no-cache').send(listing)
    },
  } satisfies Omit<RouteOptions, 'url'>
  app.route({ ...route, url: '/turntable' })
  // The previous release's pages ask `/api/viewer` while a rolling update runs (expand/contract,
  // decision 027): it answers the same until the release after this one removes it.
  app.route({ ...route, url: '/viewer' })
}
