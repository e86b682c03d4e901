import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) =>
  pageContext.is404 ? 'Page Not Found — RM5' : 'Unexpected Application Error! — RM5'
