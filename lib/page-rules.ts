// How a page is rendered, declared by the page itself (its +config.ts, `rendering`) and read by
// the server's page route (server/vike/pages.server.ts) from the render's own config: no list of
// paths elsewhere says it. Who may see a page is the page's +guard; what it shows, its hooks.
import type { Config } from 'vike/types'

/**
 * - `prerendered`: the same for everyone, pre-rendered at build (Vike's record of public pages);
 *   the server renders it with its runtime configuration and keeps it per path.
 * - `kept`: rendered by the running server (it reads data, e.g. the partners, or a guard reads
 *   the grants) and kept per path and verified grants (server/vike/page-cache.server.ts).
 * - `per-request`: rendered from the whole URL for each request, never kept (a token in the query).
 * - `per-viewer`: per request, and the render also sees who is viewing (watermarks, agreements).
 */
export const renderings = ['prerendered', 'kept', 'per-request', 'per-viewer'] as const
export type Rendering = (typeof renderings)[number]

/**
 * Query values that make a kept page render for that request (a gate's `?error=invalid`, the answer
 * to a form post without JavaScript): the page shows them in its HTML. Any other query keeps the
 * cheaper kept render.
 */
export type PerRequestQuery = Readonly<Record<string, readonly string[]>>

/** What the page route needs to know of a page, read from the render's config. */
export interface PageRules {
  rendering: Rendering
  perRequestQuery?: PerRequestQuery
}

/** The settings' definitions, for the global config (renderer/+config.ts). */
export const pageRulesMeta = {
  rendering: {
    env: { server: true, config: true },
    // Only pre-rendered pages are pre-rendered: a page that says otherwise opts out of Vike's
    // pre-rendering by saying how it is rendered.
    effect: ({ configValue }: { configValue: unknown }) =>
      configValue === 'prerendered' ? undefined : ({ prerender: false } satisfies Config),
  },
  perRequestQuery: { env: { server: true } },
} as const

export function pageRulesOf(config: {
  rendering?: Rendering | undefined
  perRequestQuery?: PerRequestQuery | undefined
}): PageRules {
  return { rendering: config.rendering ?? 'prerendered', perRequestQuery: config.perRequestQuery }
}

/** True when every answer of the page is rendered for its request (never kept). */
function neverKept(rules: PageRules): boolean {
  return rules.rendering === 'per-request' || rules.rendering === 'per-viewer'
}

/** True when this request must be rendered from its whole URL, never from (or into) the cache. */
export function rendersPerRequest(rules: PageRules, search: string): boolean {
  if (neverKept(rules)) return true
  if (!rules.perRequestQuery || search === '') return false
  const query = new URLSearchParams(search)
  for (const [name, values] of Object.entries(rules.perRequestQuery)) {
    const value = query.get(name)
    if (value !== null && values.includes(value)) return true
  }
  return false
}

/** What a render knows of its page's error, from Vike's server-side pageContext. */
export interface ErrorFacts {
  is404?: boolean | null | undefined
  abortStatusCode?: number | null | undefined
  errorWhileRendering?: unknown
}

/**
 * True when the page's HTML links the site's stylesheet, a built file the browser keeps, rather
 * than carrying its ~70 KB of rules (decision 020): a page some of whose answers are rendered for
 * one request (the rules above), and the error page, rendered for every error. Writing the rules
 * into each such answer would cost the request thread and the heap on every request. Such a page
 * imports renderer/site.css in a server-only file, which makes Vike link it.
 */
export function linksSiteStylesheet(rules: PageRules, render: ErrorFacts): boolean {
  if (render.is404 === true || render.abortStatusCode != null || render.errorWhileRendering != null)
    return true
  return neverKept(rules) || rules.perRequestQuery !== undefined
}

declare global {
  namespace Vike {
    interface Config {
      /** How this page is rendered (lib/page-rules.ts); unset: `prerendered`. */
      rendering?: Rendering
      /** Query values this page shows, so that a URL carrying one renders per request. */
      perRequestQuery?: PerRequestQuery
    }
    interface ConfigResolved {
      rendering?: Rendering
      perRequestQuery?: PerRequestQuery
    }
  }
}
