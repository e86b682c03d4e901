// Limits on the gate's e-mail step (POST /api/access/email), so the site cannot be used to flood
// an inbox or to try addresses in bulk: per address (an HMAC of it, never the address, in the
// key) and per client address, counted like the verify limit (limits.server.ts: Redis when
// REDIS_URL is set, each instance's own counters while it fails).

import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { keyedHash } from '../http/client-hash.server.ts'
import { createKeyedLimits, type LimitRule } from './limits.server.ts'

export const EMAIL_LIMITS = {
  /** Links one address may be sent: a few retries, not a stream of mail. */
  perAddress: { max: 3, windowMs: 15 * 60_000 },
  perClient: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>

export type EmailLimiter = (request: FastifyRequest, email: string) => Promise<{ retryAfter: number } | null>

export function createEmailLimiter(
  app: FastifyInstance,
  options: {
    prefix?: string
    key: Buffer
    /**
     * Count an address per client too: the console's sign-in, where an address counted alone
     * lets anyone lock its admin out by asking for links from elsewhere.
     */
    addressPerClient?: boolean
  },
): EmailLimiter {
  const prefix = `${options.prefix ?? ''}access-email:`
  const hit = createKeyedLimits(app, EMAIL_LIMITS)
  return async (request, email) => {
    const client = normalizeIP(request.ip)
    const address = options.addressPerClient ? `${email}\n${client}` : email
    return (
      (await hit('perClient', request, `${prefix}ip:${client}`)) ??
      hit('perAddress', request, `${prefix}address:${keyedHash(options.key, `email\n${address}`)}`)
    )
  }
}
