// What the page route knows of each path's page: its rules (lib/page-rules.ts), as the page's own
// config declared them, learned from the first render of the path. Vike routes a URL to its page
// while rendering, so the first request for a path is rendered from its whole URL, as a
// per-request render would be (always safe); from then on the path's rules say whether a request
// is rendered per request or answered from the page cache. Only answers of a page are learned
// (200, not a 404 or a redirect), so made-up paths teach nothing.
import { LRUCache } from 'lru-cache'
import { type PageRules, pageRulesOf } from '../../lib/page-rules.ts'

/** Paths with a page stay far below this (routes × partners × documents); it bounds the map. */
const MAX_PATHS = 5000

type Rendered = {
  is404?: boolean | null
  errorWhileRendering?: unknown
  httpResponse?: { statusCode: number } | null
  config?: Parameters<typeof pageRulesOf>[0]
}

export function createPageRulesBook() {
  const rules = new LRUCache<string, PageRules>({ max: MAX_PATHS })
  return {
    get: (pathname: string) => rules.get(pathname),
    /** Reads the rules of the page a render answered with; undefined when it answered no page. */
    learn(pathname: string, rendered: Rendered): PageRules | undefined {
      if (rendered.errorWhileRendering || rendered.is404 || rendered.httpResponse?.statusCode !== 200) return
      if (!rendered.config) return
      const learned = pageRulesOf(rendered.config)
      rules.set(pathname, learned)
      return learned
    },
    /** Forgets every path (routing changed: a partner was added or removed). */
    clear: () => rules.clear(),
  }
}

export type PageRulesBook = ReturnType<typeof createPageRulesBook>
