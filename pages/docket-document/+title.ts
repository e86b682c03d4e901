import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) =>
  pageContext.documentPage ? `${pageContext.documentPage.title} — RM5` : 'Document — RM5'
