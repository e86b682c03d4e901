// Which gates a request holds a valid grant for: the signed cookie names a session
// (grant-cookie.server.ts), and the session row with its code's current state decides
// (sessionHolds, sessions.server.ts). Lookups are cached for a few seconds: a reload storm on the
// docket costs one query per session and code, and anything that ends a session (sign-out,
// `rm5 viewers revoke`, `rm5 codes deny|revoke|require-email`, from any process or instance)
// takes effect within CODE_CACHE_MS.
//
// The whole answer for an exact Cookie header is remembered too (a bounded LRU), until the
// earliest moment it could change, and never longer than CODE_CACHE_MS: a session or code state
// it used gets CODE_CACHE_MS old, the session reaches its lifetime, or a code its expiry. So the
// docket's reloads with one grant cost a map lookup instead of a header parse, a regex and an
// HMAC each, while every rule keeps its timing. Only headers that hold a valid grant are
// remembered: a forged cookie is checked every time and cannot push real entries out.

import { LRUCache } from 'lru-cache'
import { type AccessViewer, grantRetailerOf, mayHoldGrant } from '../../lib/access.ts'
import type { Partner, PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { type CodeState, codeState } from './codes.server.ts'
import { cookieValues, type GrantKeys, readSessionId } from './grant-cookie.server.ts'
import { type SessionState, sessionEnds, sessionHolds, sessionState } from './sessions.server.ts'

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
  /** Drops every cached session and code state (this process just ended or changed one). */
  forget(): void
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
  // Keys are ids from validly signed cookies (and the codes their sessions name) only, so
  // outsiders cannot grow these maps.
  const codes = cachedLookup((id) => codeState(options.prisma, id), cacheMs)
  const sessions = cachedLookup((id) => sessionState(options.prisma, id), cacheMs)
  const headers = new LRUCache<string, Remembered>({ max: HEADER_CACHE_LIMIT })

  /** The grant (or null) and the time (ms) until which this answer holds. */
  async function verified(
    partner: Partner,
    value: string,
    now: Date,
  ): Promise<{ grant: VerifiedGrant | null; until: number }> {
    const retailer = partner.slug
    const sessionId = readSessionId(options.key, retailer, value)
    if (!sessionId) return { grant: null, until: Number.POSITIVE_INFINITY }
    const session = await sessions.get(sessionId, now)
    const code = session.state?.codeId ? await codes.get(session.state.codeId, now) : undefined
    const until = Math.min(session.at, code?.at ?? Number.POSITIVE_INFINITY) + cacheMs
    const state = session.state
    const codeNow = code?.state ?? null
    if (!state || !sessionHolds(state, partner, codeNow, now)) return { grant: null, until }
    return {
      grant: viewerOf(state, partner, codeNow),
      until: Math.min(until, sessionEnds(state, codeNow)),
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
    forget() {
      codes.clear()
      sessions.clear()
      // Which remembered headers used them is not tracked: an ending here is rare.
      headers.clear()
    },
  }
}

/** Who a holding session names: its code's label where no e-mail was asked. */
function viewerOf(session: SessionState, partner: Partner, code: CodeState | null): VerifiedGrant {
  return {
    retailer: partner.slug,
    codeId: session.codeId,
    email: session.email,
    label: code?.label ?? null,
    partnerName: partner.name,
    sessionId: session.id,
  }
}

interface Looked<T> {
  state: T | null
  /** When it was read (ms since the epoch). */
  at: number
}

/**
 * Rows by id, each kept for `cacheMs` after it was read; a burst of first requests with one id (a
 * reload storm, a page's beacons) waits for one query instead of queueing one each for the pool.
 */
function cachedLookup<T>(load: (id: string) => Promise<T | null>, cacheMs: number) {
  const cache = new Map<string, Looked<T>>()
  const looking = new Map<string, Promise<Looked<T>>>()
  return {
    get(id: string, now: Date): Promise<Looked<T>> {
      const cached = cache.get(id)
      if (cached && now.getTime() - cached.at < cacheMs) return Promise.resolve(cached)
      const pending = looking.get(id)
      if (pending) return pending
      const lookup = load(id)
        .then((state) => {
          const fresh = { state, at: now.getTime() }
          if (cache.size >= CACHE_LIMIT) cache.clear()
          cache.set(id, fresh)
          return fresh
        })
        .finally(() => looking.delete(id))
      looking.set(id, lookup)
      return lookup
    },
    clear: () => cache.clear(),
  }
}
