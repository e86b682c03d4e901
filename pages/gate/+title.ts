import type { PageContext } from 'vike/types'
import { retailerNames } from '../../lib/retailers'
import type { GateRetailer } from '../../lib/routes'

export default (pageContext: PageContext) =>
  `${retailerNames[pageContext.routeParams.retailer as GateRetailer]} access — RM5`
