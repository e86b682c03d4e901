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
 * Query values a kept page shows in its HTML (a gate's `?error=invalid`, the answer to a form post
 * without JavaScript), by name. Each is one more kept render of the page: a URL carrying some is
 * rendered with those values alone and kept per path, grants and values, like the page without
 * them. Any other name or value is not passed to the page, so it cannot make a render of its own.
 */
export type QueryVariants = Readonly<Record<string, QueryValues>>

/** The values a page shows for one name: a list, or a test for a numeric one (`?retry=42`). */
export type QueryValues = readonly string[] | ((value: string) => boolean)

const shows = (values: QueryValues, value: string) =>
  typeof values === 'function' ? values(value) : values.includes(value)

/** What the page route needs to know of a page, read from the render's config. */
export interface PageRules {
  rendering: Rendering
  queryVariants?: QueryVariants
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
  queryVariants: { env: { server: true } },
} as const

export function pageRulesOf(config: {
  rendering?: Rendering | undefined
  queryVariants?: QueryVariants | undefined
}): PageRules {
  return { rendering: config.rendering ?? 'prerendered', queryVariants: config.queryVariants }
}

/** True when every answer of the page is rendered for its request (never kept). */
function neverKept(rules: PageRules): boolean {
  return rules.rendering === 'per-request' || rules.rendering === 'per-viewer'
}

/** True when every request of the page is rendered from its whole URL, never from (or into) the cache. */
export function rendersPerRequest(rules: PageRules): boolean {
  return neverKept(rules)
}

/**
 * The URL a kept page is rendered from, and kept under, for a request's query: the path, followed
 * by the page's query variants the query carries with a value the page lists, in the order the
 * page declares them (`/circlek?error=invalid`); the path alone for any other query.
 */
export function keptUrl(rules: PageRules, pathname: string, search: string): string {
  if (!rules.queryVariants || search === '') return pathname
  const query = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const [name, values] of Object.entries(rules.queryVariants)) {
    // The last of a repeated name, as Vike's `urlParsed.search` and the islands read it.
    const value = query.getAll(name).at(-1)
    if (value !== undefined && shows(values, value)) kept.set(name, value)
  }
  return kept.size === 0 ? pathname : `${pathname}?${kept}`
}

/** What a render knows of its page's error, from Vike's server-side pageContext. */
export interface ErrorFacts {
  is404?: boolean | null | undefined
  abortStatusCode?: number | null | undefined
  errorWhileRendering?: unknown
}

/**
 * True when the page's HTML links the site's stylesheet, a built file the browser keeps, rather
 * than carrying its ~70 KB of rules (decision 020): a page rendered for each request (the rules
 * above), a page with query variants (each variant a render of its own, all kept at once), and the
 * error page, rendered for every error. Writing the rules into each such answer would cost the
 * request thread and the heap on every request, or the page cache's memory once per variant.
 * Such a page imports renderer/site.css in a server-only file, which makes Vike link it.
 */
export function linksSiteStylesheet(rules: PageRules, render: ErrorFacts): boolean {
  if (render.is404 === true || render.abortStatusCode != null || render.errorWhileRendering != null)
    return true
  return neverKept(rules) || rules.queryVariants !== undefined
}

declare global {
  namespace Vike {
    interface Config {
      /** How this page is rendered (lib/page-rules.ts); unset: `prerendered`. */
      rendering?: Rendering
      /** Query values this page shows in its HTML, each kept as a render of its own. */
      queryVariants?: QueryVariants
    }
    interface ConfigResolved {
      rendering?: Rendering
      queryVariants?: QueryVariants
    }
  }
}
