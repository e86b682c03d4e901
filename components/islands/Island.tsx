import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { islandIdPrefix } from './island-id.ts'

/**
 * A part of an HTML-only page that React takes over in the browser (README.md in this folder).
 * Server-only: it renders its content as a React root of its own, exactly the tree the page's
 * +client.ts hydrates through startIsland() (so useId and the like match; an island's ids carry its
 * name, so two islands never share one), inside an element with
 * `display: contents` that adds no box. Like the browser's root, the content sits outside Vike's
 * React tree: it cannot use vike-react's page hooks (useHydrated, which needs no page, works).
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div
      className="island"
      data-island={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of our components
      dangerouslySetInnerHTML={{
        __html: renderToString(children, { identifierPrefix: islandIdPrefix(name) }),
      }}
    />
  )
}
