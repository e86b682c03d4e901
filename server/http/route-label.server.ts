// A request's route as logs and metrics name it: the route's template (`/media/:bucket/*`), the
// page's path for the pages route, `unmatched` for anything that found nothing. Unknown paths
// share one name, so a scanner cannot fill the metrics with labels of its choosing.
import type { FastifyReply, FastifyRequest } from 'fastify'

const PAGES_ROUTE = '/*'

export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const template = request.routeOptions.url
  if (template === undefined || reply.statusCode === 404) return 'unmatched'
  if (template !== PAGES_ROUTE) return template
  const query = request.url.indexOf('?')
  const path = query === -1 ? request.url : request.url.slice(0, query)
  // Built assets have hashed names: one label for all of them.
  return path.startsWith('/assets/') ? '/assets/*' : path
}
