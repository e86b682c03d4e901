// A request's route as logs and metrics name it: the route's template (`/media/:bucket/*`), the
// page's path for the pages route, `unmatched` for anything that found nothing. Unknown paths
// share one name, so a scanner cannot fill the metrics with labels of its choosing.
import type { FastifyReply, FastifyRequest } from 'fastify'

const PAGES_ROUTE = '/*'

export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const template = request.routeOptions.url
  if (template === undefined || reply.statusCode === 404) return 'unmatched'
  let path = template
  if (template === PAGES_ROUTE) {
    const query = request.url.indexOf('?')
    path = query === -1 ? request.url : request.url.slice(0, query)
  }
  // Built assets have hashed names (one route each, server/vike/static-files): one label for all.
  return path.startsWith('/assets/') ? '/assets/*' : path
}
