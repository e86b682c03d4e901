import type { PageContext } from 'vike/types'
import { gateRetailers } from '../../lib/retailers.ts'

// One page serves the six access gates (/circlek, /pizzahut, ...); any other single segment 404s.
export default function route(pageContext: PageContext) {
  const retailer = pageContext.urlPathname.slice(1)
  if (!(gateRetailers as readonly string[]).includes(retailer)) return false
  return { routeParams: { retailer } }
}
