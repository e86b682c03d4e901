import type { PageContext } from 'vike/types'

/** A page's resolved `title`/`description` config: a string, or a function of the page context. */
export function headText(pageContext: PageContext, name: 'title' | 'description'): string | undefined {
  const value: unknown = (pageContext.config as Record<string, unknown>)[name]
  const resolved =
    typeof value === 'function' ? (value as (context: PageContext) => unknown)(pageContext) : value
  return typeof resolved === 'string' ? resolved : undefined
}
