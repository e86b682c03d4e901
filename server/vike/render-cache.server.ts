// Pages rendered per request only because a guard must run (the docket, the proposal) render the
// same HTML for every visitor the guard lets in: their output depends on the URL, the build and
// the guard's verdict, never on who the visitor is (renderer/+config.ts passes nothing from the
// request to the client). So the render is cached per URL, and every request still goes through
// the page's own +guard.server.ts, called here with the grants the server verified: the access
// rule lives in the guard alone, and the cache cannot answer a request the guard refuses (that
// one goes to renderPage, where the same guard answers the redirect). The cookie's value is never
// part of the key. The cache lives in the process that loaded the build, so a new build means a
// new process and an empty cache.

import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { DOCKET_PATH, PROPOSAL_PATH } from '../../lib/access'
import docketGuard from '../../pages/docket/+guard.server'
import proposalGuard from '../../pages/proposal/+guard.server'
import { etagOf, type StaticEntry, withHeaders } from './prerendered.server'

/** What a guard reads from the page context: the verified grants, and where to report an opening. */
export type GuardContext = Pick<Vike.PageContextServer, 'accessGrants' | 'recordOpening'>
/** A page's +guard.server.ts: returns when the request may see the page, throws otherwise. */
export type Guard = (pageContext: GuardContext) => void

/** The pages whose render is the same for everyone their guard lets in. */
export const cacheableGuardedPages: ReadonlyMap<string, Guard> = new Map<string, Guard>([
  [DOCKET_PATH, docketGuard as Guard],
  [PROPOSAL_PATH, proposalGuard as Guard],
])

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export interface RenderCache {
  /**
   * The cached page for this URL when its guard lets this request in (the guard has then also
   * reported the opening); undefined when nothing is cached or the guard refuses.
   */
  lookup(url: string, context: GuardContext): StaticEntry | undefined
  /** Keeps a successful render of a cacheable guarded page. */
  remember(url: string, status: number, type: string, body: string): void
}

export function createRenderCache(guards: ReadonlyMap<string, Guard> = cacheableGuardedPages): RenderCache {
  // Keys are exact paths from `guards` (a query string is never cached), so the map stays tiny.
  const entries = new Map<string, StaticEntry>()

  const letsIn = (guard: Guard, context: GuardContext) => {
    try {
      guard(context)
      return true
    } catch {
      return false
    }
  }

  return {
    lookup(url, context) {
      const entry = entries.get(url)
      const guard = guards.get(url)
      return entry && guard && letsIn(guard, context) ? entry : undefined
    },
    remember(url, status, type, body) {
      if (status !== 200 || !guards.has(url) || entries.has(url)) return
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
