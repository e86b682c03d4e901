import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) =>
  `${pageContext.partners?.nameOf(pageContext.routeParams.retailer ?? '') ?? 'Partner'} access — RM5`
