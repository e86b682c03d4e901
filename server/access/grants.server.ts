// Which gates a request holds a valid grant for: signature and age from the cookie itself, then
// one primary-key lookup per code-backed grant so that revoking or expiring the code ends it.
// Lookups are cached for a few seconds: a reload storm on the docket costs one query per code,
// and a revocation (from the codes CLI, another process) takes effect within CODE_CACHE_MS.

import { type AccessViewer, grantCookieName, mayHoldGrant } from '../../lib/access.ts'
import { type GateRetailer, gateRetailers } from '../../lib/retailers.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { type CodeState, codeState, isActive } from './codes.server.ts'
import { cookieValues, type GrantKeys, readGrant } from './grant-cookie.server.ts'

export const CODE_CACHE_MS = 5_000
const CACHE_LIMIT = 1_000
const cookieNames: ReadonlySet<string> = new Set(gateRetailers.map(grantCookieName))

export interface GrantLog {
  warn(obj: object, msg: string): void
}

/** A grant the server verified: its gate, its code (null for walmart) and how its viewer is named. */
export type VerifiedGrant = AccessViewer

export interface GrantReader {
  /** Verified grants in a Cookie header; never throws (a broken cookie or database means no grant). */
  grantsFor(cookieHeader: string | undefined): Promise<VerifiedGrant[]>
  /** Drops a cached code state (this process just revoked it). */
  forget(codeId: string): void
}

export function createGrantReader(options: {
  prisma: PrismaClient
  key: GrantKeys
  now: () => Date
  log: GrantLog
  cacheMs?: number
}): GrantReader {
  const cacheMs = options.cacheMs ?? CODE_CACHE_MS
  // Keys are code ids from validly signed cookies only, so outsiders cannot grow this map.
  const cache = new Map<string, { state: CodeState | null; at: number }>()

  async function stateOf(codeId: string, now: Date): Promise<CodeState | null> {
    const cached = cache.get(codeId)
    if (cached && now.getTime() - cached.at < cacheMs) return cached.state
    const state = await codeState(options.prisma, codeId)
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(codeId, { state, at: now.getTime() })
    return state
  }

  async function verified(retailer: GateRetailer, value: string, now: Date): Promise<VerifiedGrant | null> {
    const grant = readGrant(options.key, retailer, value, now)
    if (!grant) return null
    const email = grant.email ?? null
    if (grant.codeId === null) return { retailer, codeId: null, email: null, label: null }
    const state = await stateOf(grant.codeId, now)
    if (!state || !isActive(state, retailer, now)) return null
    // A code that now requires an e-mail no longer accepts the grants it gave without one.
    if (state.requireEmail && email === null) return null
    return { retailer, codeId: grant.codeId, email, label: state.label }
  }

  return {
    async grantsFor(cookieHeader) {
      if (!mayHoldGrant(cookieHeader)) return []
      const cookies = cookieValues(cookieHeader, cookieNames)
      const now = options.now()
      const granted: VerifiedGrant[] = []
      for (const retailer of gateRetailers) {
        for (const value of cookies.get(grantCookieName(retailer)) ?? []) {
          try {
            const grant = await verified(retailer, value, now)
            if (grant) {
              granted.push(grant)
              break
            }
          } catch (error) {
            // Fail closed: with the database away a code-backed grant cannot be confirmed.
            options.log.warn(
              { err: error, retailer },
              'could not check an access grant; treating it as absent',
            )
          }
        }
      }
      return granted
    },
    forget(codeId) {
      cache.delete(codeId)
    },
  }
}
