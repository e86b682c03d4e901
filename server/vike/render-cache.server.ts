// Pages rendered per request only because a guard must run (the docket, the proposal) render the
// same HTML for every visitor the guard lets in: their output depends on the URL, the build and
// the guard's verdict, never on who the visitor is (renderer/+config.ts passes nothing from the
// request to the client). So the render is cached under that key and the guard's rule runs on
// every request against the grants the server verified for this request; the cookie's value is
// never part of the key. A request the rule refuses always goes to renderPage (its +guard
// answers the redirect). The cache lives in the process that loaded the build, so "build" is
// implicit: a new build means a new process and an empty cache.

import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { canOpenDocket, canOpenProposal, DOCKET_PATH, PROPOSAL_PATH } from '../../lib/access'
import type { GateRetailer } from '../../lib/retailers'
import { etagOf, type StaticEntry, withHeaders } from './prerendered.server'

/** The same rule the page's +guard.server.ts applies (pages/docket, pages/proposal). */
export type GuardRule = (grants: readonly GateRetailer[]) => boolean

export const guardedPages: ReadonlyMap<string, GuardRule> = new Map([
  [DOCKET_PATH, canOpenDocket],
  [PROPOSAL_PATH, canOpenProposal],
])

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export interface RenderCache {
  /** The cached page for this URL when the request's verified grants pass its guard rule. */
  lookup(url: string, grants: readonly GateRetailer[]): StaticEntry | undefined
  /** Keeps a successful render of a guarded page whose rule this request passed. */
  remember(url: string, grants: readonly GateRetailer[], status: number, type: string, body: string): void
}

export function createRenderCache(rules: ReadonlyMap<string, GuardRule> = guardedPages): RenderCache {
  // Keys are exact paths from `rules` (a query string is never cached), so the map stays tiny.
  const entries = new Map<string, StaticEntry>()

  const passes = (url: string, grants: readonly GateRetailer[]) => rules.get(url)?.(grants) === true

  return {
    lookup(url, grants) {
      return passes(url, grants) ? entries.get(url) : undefined
    },
    remember(url, grants, status, type, body) {
      if (status !== 200 || !passes(url, grants) || entries.has(url)) return
      const buffer = Buffer.from(body)
      const base = { body: buffer, type, etag: etagOf(buffer), cacheControl: 'private, no-store' }
      entries.set(url, withHeaders(base))
      // Compressed variants follow off the request path; until then the identity bytes serve.
      void Promise.all([
        brotli(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gz(buffer, { level: 9 }),
      ]).then(
        ([br, gzipped]) => entries.set(url, withHeaders({ ...base, br, gzip: gzipped })),
        () => undefined,
      )
    },
  }
}
