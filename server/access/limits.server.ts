// The brute-force limit on the verify call, checked before any hash is computed: per client
// address and gate (its numbers: server/http/rate-limits.server.ts). There is no limit per gate overall: anyone with a few addresses
// could use it up and lock every code holder out (decision 016). Guessing from many addresses is
// slowed by the ceiling on concurrent argon2 checks (hash-ceiling.server.ts) and made hopeless by
// the codes' strength. Counters live in @fastify/rate-limit's store: Redis when REDIS_URL is set
// (shared by every instance), memory otherwise. The client address is request.ip, as TRUST_PROXY
// makes it (docs/scaling-and-proxies.md, "Deploying behind a proxy").

import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PartnerSlug } from '../../lib/partners.ts'
import { RATE_LIMITS } from '../http/rate-limits.server.ts'

export interface LimitRule {
  max: number
  windowMs: number
}

export const VERIFY_LIMITS: { perIp: LimitRule } = { perIp: RATE_LIMITS.accessVerify }

export type VerifyLimiter = (
  request: FastifyRequest,
  retailer: PartnerSlug,
) => Promise<{ retryAfter: number } | null>

type Limiter = ReturnType<FastifyInstance['createRateLimit']>
type LimitResult = Awaited<ReturnType<Limiter>>

export function createVerifyLimiter(
  app: FastifyInstance,
  options: { prefix?: string; limits?: typeof VERIFY_LIMITS } = {},
): VerifyLimiter {
  const prefix = `${options.prefix ?? ''}access-verify:`
  const hit = createKeyedLimits(app, options.limits ?? VERIFY_LIMITS)
  return (request, retailer) => hit('perIp', request, `${prefix}ip:${retailer}:${normalizeIP(request.ip)}`)
}

/**
 * Named limits whose keys the caller builds (a client, an address's hash), counted in the plugin's
 * store: Redis when configured, shared by every instance. When Redis fails the plugin lets
 * requests through (skipOnError); for these routes that would switch the protection off, so each
 * instance then falls back to its own counters.
 */
export function createKeyedLimits<Name extends string>(
  app: FastifyInstance,
  rules: Record<Name, LimitRule>,
): (name: Name, request: FastifyRequest, key: string) => Promise<{ retryAfter: number } | null> {
  // The key is computed by the caller and handed to the store through this map: the store only knows requests.
  const keys = new WeakMap<FastifyRequest, string>()
  const keyOf = (request: FastifyRequest) => keys.get(request) ?? 'unknown'
  const limiters = new Map<Name, Limiter>()
  for (const name of Object.keys(rules) as Name[]) {
    const rule = rules[name]
    limiters.set(name, app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: keyOf }))
  }
  const local = new LocalWindows()
  return async (name, request, key) => {
    const limiter = limiters.get(name)
    if (!limiter) throw new Error(`no limit named ${name}`)
    keys.set(request, key)
    const result = await limiter(request)
    if (storeWasSkipped(result)) return local.hit(key, rules[name], Date.now())
    if (result.isAllowed || !result.isExceeded) return null
    return { retryAfter: Math.max(1, result.ttlInSeconds) }
  }
}

/** A store error leaves the counter untouched: 0 used, nothing remaining spent, no window. */
function storeWasSkipped(result: LimitResult): boolean {
  return !result.isAllowed && result.ttl === 0 && result.remaining === result.max
}

/** Fixed windows in memory, only used while the shared store is unreachable. */
class LocalWindows {
  private windows = new Map<string, { count: number; resetAt: number }>()

  hit(key: string, rule: LimitRule, now: number): { retryAfter: number } | null {
    if (this.windows.size > 10_000) this.prune(now)
    let window = this.windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs }
      this.windows.set(key, window)
    }
    window.count += 1
    if (window.count <= rule.max) return null
    return { retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) }
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
    // Still full of live windows (a flood of distinct IPs): start over rather than grow without bound.
    if (this.windows.size > 10_000) this.windows.clear()
  }
}
