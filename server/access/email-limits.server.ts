// Limits on the gate's e-mail step (POST /api/access/email), so the site cannot be used to flood
// an inbox or to try addresses in bulk: per address (an HMAC of it, never the address, in the
// key) and per client address, counted like the verify limit (limits.server.ts: Redis when
// REDIS_URL is set, each instance's own counters while it fails).

import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { keyedHash } from '../http/client-hash.server.ts'
import { RATE_LIMITS } from '../http/rate-limits.server.ts'
import { createKeyedLimits, type LimitRule } from './limits.server.ts'

export interface EmailLimits {
  perAddress: LimitRule
  perClient: LimitRule
}

/** The gates' e-mail step (server/http/rate-limits.server.ts). */
export const EMAIL_LIMITS: EmailLimits = {
  perAddress: RATE_LIMITS.accessEmailPerAddress,
  perClient: RATE_LIMITS.accessEmailPerClient,
}

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
    /** The gates' e-mail step's unless given. */
    limits?: EmailLimits
  },
): EmailLimiter {
  const prefix = `${options.prefix ?? ''}access-email:`
  const hit = createKeyedLimits(app, options.limits ?? EMAIL_LIMITS)
  return async (request, email) => {
    const client = normalizeIP(request.ip)
    const address = options.addressPerClient ? `${email}\n${client}` : email
    return (
      (await hit('perClient', request, `${prefix}ip:${client}`)) ??
      hit('perAddress', request, `${prefix}address:${keyedHash(options.key, `email\n${address}`)}`)
    )
  }
}
