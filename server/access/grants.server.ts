// Which gates a request holds a valid grant for: signature and age from the cookie itself, then
// one primary-key lookup per code-backed grant so that revoking or expiring the code ends it.
// Lookups are cached for a few seconds: a reload storm on the docket costs one query per code,
// and a revocation (from the codes CLI, another process) takes effect within CODE_CACHE_MS.
//
// The whole answer for an exact Cookie header is remembered too (a bounded LRU), until the
// earliest moment it could change, and never longer than CODE_CACHE_MS: a code state it used gets
// CODE_CACHE_MS old, a grant reaches its maximum age, or a code reaches its expiry. So the docket's reloads with one grant cost a map
// lookup instead of a header parse, a regex and an HMAC each, while every rule keeps its timing.
// Only headers that hold a valid grant are remembered: a forged cookie is checked every time and
// cannot push real entries out.

import { LRUCache } from 'lru-cache'
import { type AccessViewer, GRANT_MAX_AGE_MS, grantRetailerOf, mayHoldGrant } from '../../lib/access.ts'
import type { Partner, PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { type CodeState, codeState, isActive } from './codes.server.ts'
import { cookieValues, type GrantKeys, readGrant } from './grant-cookie.server.ts'

export const CODE_CACHE_MS = 5_000
const CACHE_LIMIT = 1_000
/** Cookie headers whose answer is remembered; a longer header is verified every time. */
const HEADER_CACHE_LIMIT = 1_000
const HEADER_MAX_LENGTH = 4_096
const NO_GRANTS: readonly VerifiedGrant[] = Object.freeze([])

export interface GrantLog {
  warn(obj: object, msg: string): void
}

/** A grant the server verified: its gate, its code (null for walmart) and how its viewer is named. */
export type VerifiedGrant = AccessViewer

export interface GrantReader {
  /** Verified grants in a Cookie header; never throws (a broken cookie or database means no grant). */
  grantsFor(cookieHeader: string | undefined): Promise<readonly VerifiedGrant[]>
  /**
   * The same answer when it needs no work (no grant cookie, or a remembered header that still
   * holds), else undefined: a kept page can then be answered without waiting for a promise.
   */
  knownGrantsFor(cookieHeader: string | undefined): readonly VerifiedGrant[] | undefined
  /** Drops a cached code state (this process just revoked it). */
  forget(codeId: string): void
}

interface Remembered {
  grants: readonly VerifiedGrant[]
  /** The answer holds from `from` (the check's time) until before `until` (ms since the epoch). */
  from: number
  until: number
}

export function createGrantReader(options: {
  prisma: PrismaClient
  key: GrantKeys
  now: () => Date
  log: GrantLog
  /** The partners served now: a grant for a removed partner opens nothing. */
  partners: { get(slug: string): Partner | undefined }
  cacheMs?: number
}): GrantReader {
  const cacheMs = options.cacheMs ?? CODE_CACHE_MS
  // Keys are code ids from validly signed cookies only, so outsiders cannot grow this map.
  const cache = new Map<string, { state: CodeState | null; at: number }>()
  const headers = new LRUCache<string, Remembered>({ max: HEADER_CACHE_LIMIT })

  // Lookups under way: a burst of first requests with one code (a reload storm, a page's
  // beacons) waits for one query instead of queueing one each for the pool.
  const looking = new Map<string, Promise<{ state: CodeState | null; at: number }>>()

  function stateOf(codeId: string, now: Date): Promise<{ state: CodeState | null; at: number }> {
    const cached = cache.get(codeId)
    if (cached && now.getTime() - cached.at < cacheMs) return Promise.resolve(cached)
    const pending = looking.get(codeId)
    if (pending) return pending
    const lookup = codeState(options.prisma, codeId)
      .then((state) => {
        const fresh = { state, at: now.getTime() }
        if (cache.size >= CACHE_LIMIT) cache.clear()
        cache.set(codeId, fresh)
        return fresh
      })
      .finally(() => looking.delete(codeId))
    looking.set(codeId, lookup)
    return lookup
  }

  /** The grant (or null) and the time (ms) until which this answer holds. */
  async function verified(
    partner: Partner,
    value: string,
    now: Date,
  ): Promise<{ grant: VerifiedGrant | null; until: number }> {
    const retailer = partner.slug
    const grant = readGrant(options.key, retailer, value, now)
    // An open gate's grants carry no code; every other gate's grant must name one.
    if (!grant || partner.open !== (grant.codeId === null))
      return { grant: null, until: Number.POSITIVE_INFINITY }
    const email = grant.email ?? null
    const ageEnds = grant.issuedAt.getTime() + GRANT_MAX_AGE_MS
    const partnerName = partner.name
    if (grant.codeId === null) {
      return { grant: { retailer, codeId: null, email: null, label: null, partnerName }, until: ageEnds }
    }
    const { state, at } = await stateOf(grant.codeId, now)
    const stateEnds = at + cacheMs
    if (!state || !isActive(state, retailer, now)) return { grant: null, until: stateEnds }
    // A code that now requires an e-mail no longer accepts the grants it gave without one.
    if (state.requireEmail && email === null) return { grant: null, until: stateEnds }
    return {
      grant: { retailer, codeId: grant.codeId, email, label: state.label, partnerName },
      until: Math.min(ageEnds, stateEnds, state.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY),
    }
  }

  async function check(cookieHeader: string, now: Date): Promise<Remembered> {
    const cookies = cookieValues(cookieHeader, (name) => {
      const retailer = grantRetailerOf(name)
      return retailer !== null && options.partners.get(retailer) !== undefined
    })
    const granted: VerifiedGrant[] = []
    // Never longer than the code cache, whatever the grants: a refusal is checked again as often.
    let until = now.getTime() + cacheMs
    for (const [name, values] of cookies) {
      const partner = options.partners.get(grantRetailerOf(name) as PartnerSlug) as Partner
      const retailer = partner.slug
      for (const value of values) {
        try {
          const found = await verified(partner, value, now)
          until = Math.min(until, found.until)
          if (found.grant) {
            granted.push(found.grant)
            break
          }
        } catch (error) {
          // Fail closed: with the database away a code-backed grant cannot be confirmed.
          options.log.warn({ err: error, retailer }, 'could not check an access grant; treating it as absent')
          // Asked again on the next request.
          until = 0
        }
      }
    }
    return { grants: granted, from: now.getTime(), until }
  }

  function known(cookieHeader: string | undefined, time: number): readonly VerifiedGrant[] | undefined {
    if (!mayHoldGrant(cookieHeader)) return NO_GRANTS
    const remembered = headers.get(cookieHeader)
    return remembered && time >= remembered.from && time < remembered.until ? remembered.grants : undefined
  }

  return {
    knownGrantsFor: (cookieHeader) => known(cookieHeader, options.now().getTime()),
    async grantsFor(cookieHeader) {
      if (!mayHoldGrant(cookieHeader)) return NO_GRANTS
      const now = options.now()
      const time = now.getTime()
      const answered = known(cookieHeader, time)
      if (answered) return answered
      const answer = await check(cookieHeader, now)
      if (answer.grants.length > 0 && answer.until > time && cookieHeader.length <= HEADER_MAX_LENGTH) {
        headers.set(cookieHeader, answer)
      } else {
        headers.delete(cookieHeader)
      }
      return answer.grants
    },
    forget(codeId) {
      cache.delete(codeId)
      // Which remembered headers used the code is not tracked: a revocation here is rare.
      headers.clear()
    },
  }
}
