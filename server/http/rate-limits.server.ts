// Every rate limit of the site, in one table: how many requests, in what window, counted per what.
// The routes read their numbers here and nowhere else; SECURITY.md's "Rate limits" table states
// the same rows (server/http/rate-limits.test.ts holds both to the promised values).
// Counters live in @fastify/rate-limit's store (Redis when REDIS_URL is set, shared by every
// instance); a client is its normalized address (IPv6 per /64), as TRUST_PROXY makes it.
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'

const MINUTE = 60_000

/** What one counter counts by. */
export type RateLimitKey = 'client' | 'client and gate' | 'e-mail address' | 'e-mail address from each client'

export interface RateLimit {
  /** The requests (or, for `notFound`, unknown paths) allowed in one window. */
  max: number
  windowMs: number
  key: RateLimitKey
}

export const RATE_LIMITS = {
  /** POST /api/access/verify: checked before any argon2 work (decision 016). */
  accessVerify: { max: 10, windowMs: MINUTE, key: 'client and gate' },
  /** POST /api/access/email: links asked for from one client. */
  accessEmailPerClient: { max: 10, windowMs: 15 * MINUTE, key: 'client' },
  /** POST /api/access/email: links one address may be sent (a few retries, not a stream of mail). */
  accessEmailPerAddress: { max: 3, windowMs: 15 * MINUTE, key: 'e-mail address' },
  /** POST /api/access/link: a person clicks once; a retry or two is fine. */
  accessLink: { max: 10, windowMs: MINUTE, key: 'client' },
  /** POST /api/applications: generous for a person (retries included), tight for a script. */
  applications: { max: 10, windowMs: 10 * MINUTE, key: 'client' },
  /** POST /api/contact: as applications, counted apart. */
  contact: { max: 10, windowMs: 10 * MINUTE, key: 'client' },
  /** GET /api/turntable lists storage on each call. */
  turntable: { max: 120, windowMs: MINUTE, key: 'client' },
  /** POST /api/documents/beacon: a reader turning a page a second stays far below it. */
  documentBeacon: { max: 120, windowMs: MINUTE, key: 'client' },
  /** POST /admin/sign-in: links asked for from one client. */
  adminSignInPerClient: { max: 10, windowMs: 15 * MINUTE, key: 'client' },
  /** POST /admin/sign-in: per address from each client, so nobody can lock an admin out. */
  adminSignInPerAddress: { max: 3, windowMs: 15 * MINUTE, key: 'e-mail address from each client' },
  /** Using a console sign-in link, answering with a passkey, the single sign-on callback: one counter. */
  adminCredential: { max: 10, windowMs: MINUTE, key: 'client' },
  /** Asking for a passkey challenge (writes a row). */
  adminPasskeyOptions: { max: 10, windowMs: MINUTE, key: 'client' },
  /** Starting a single sign-on. */
  adminOidcStart: { max: 10, windowMs: MINUTE, key: 'client' },
  /** Unknown paths (a page 404 costs a render). */
  notFound: { max: 60, windowMs: MINUTE, key: 'client' },
  /** Pages rendered for each request (the e-mailed link's page) for a visitor holding no grant. */
  renderPerRequest: { max: 60, windowMs: MINUTE, key: 'client' },
} as const satisfies Record<string, RateLimit>

export type RateLimitName = keyof typeof RATE_LIMITS

/**
 * A route's `config.rateLimit` for a limit counted per client. The prefix keeps a route's counter
 * apart from others that share the plugin's store without a route of their own (tests' seams).
 */
export function routeRateLimit(name: RateLimitName, prefix?: string) {
  const { max, windowMs } = RATE_LIMITS[name]
  if (prefix === undefined) return { max, timeWindow: windowMs }
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => `${prefix}${normalizeIP(request.ip)}`,
  }
}
