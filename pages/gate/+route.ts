import type { PageContext } from 'vike/types'

// One page serves every partner's gate (/circlek, /kroger, …): the partners the server knows now
// (server/partners, read from the database and kept fresh), so a partner added with
// `rm5 partners add` has its gate within seconds. Any other single segment 404s.
export default function route(pageContext: PageContext) {
  const slug = pageContext.urlPathname.slice(1)
  if (!pageContext.partners?.get(slug)) return false
  return { routeParams: { retailer: slug } }
}
