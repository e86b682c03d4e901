// Unknown paths are limited per client IP. A page 404 costs a Vike render (milliseconds of CPU), so a
// scanner walking a word list could otherwise keep a core busy; an API 404 is cheap but answers
// the same way so the rule is simple.
import type { FastifyInstance } from 'fastify'
import { type ClientLimiter, createClientLimiter } from './client-limit.server.ts'
import { RATE_LIMITS } from './rate-limits.server.ts'

export type NotFoundLimiter = ClientLimiter

export function createNotFoundLimiter(
  app: FastifyInstance,
  options: { prefix?: string; limit?: { max: number; windowMs: number } } = {},
): NotFoundLimiter {
  return createClientLimiter(app, {
    name: 'not-found',
    limit: options.limit ?? RATE_LIMITS.notFound,
    message: 'Too many requests for unknown pages.',
    prefix: options.prefix,
  })
}
