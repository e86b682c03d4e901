import type { PageContext } from 'vike/types'
import { type GateRetailer, retailerNames } from '../../lib/retailers.ts'

export default (pageContext: PageContext) =>
  `${retailerNames[pageContext.routeParams.retailer as GateRetailer]} access — RM5`
