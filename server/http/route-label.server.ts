// A request's route as logs and metrics name it: the route's template (`/media/:bucket/*`), the
// page's path for a page the pages route answered (200, or 304 for its ETag), `unmatched` for
// anything that found nothing. Every other answer of the pages route is named by the route's
// template: Vike answers any path with a trailing slash by a redirect, and any
// `….pageContext.json` with 200, so naming those by path would let a scanner fill the metrics
// with labels of its choosing.
import type { FastifyReply, FastifyRequest } from 'fastify'

const PAGES_ROUTE = '/*'
/** Vike's navigation data for a page; this site renders on the server only and never asks for it. */
const PAGE_CONTEXT_JSON = '.pageContext.json'

export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const template = request.routeOptions.url
  if (template === undefined || reply.statusCode === 404) return 'unmatched'
  let path = template
  if (template === PAGES_ROUTE) {
    const query = request.url.indexOf('?')
    path = query === -1 ? request.url : request.url.slice(0, query)
    const page = (reply.statusCode === 200 || reply.statusCode === 304) && !path.endsWith(PAGE_CONTEXT_JSON)
    if (!page) return PAGES_ROUTE
  }
  // Built assets have hashed names (one route each, server/vike/static-files): one label for all.
  return path.startsWith('/assets/') ? '/assets/*' : path
}
