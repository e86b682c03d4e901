// Pages rendered for each request are limited per client holding no grant. Every other page a
// visitor without a grant can ask for is kept (answered from memory), so this budget bounds the
// renders, each milliseconds of CPU and a render's garbage in the heap, that one client can make
// the server do. A partner's own pages (rendered per viewer) are not counted.
import type { FastifyInstance } from 'fastify'
import { type ClientLimiter, createClientLimiter } from './client-limit.server.ts'
import { RATE_LIMITS } from './rate-limits.server.ts'

export function createRenderLimiter(app: FastifyInstance, options: { prefix?: string } = {}): ClientLimiter {
  return createClientLimiter(app, {
    name: 'render-per-request',
    limit: RATE_LIMITS.renderPerRequest,
    message: 'Too many requests for this page.',
    prefix: options.prefix,
  })
}
