import type { PageContext } from 'vike/types'
import { DOCUMENT_UNAVAILABLE, DOCUMENT_UNAVAILABLE_TITLE } from '../../lib/documents.ts'

export default (pageContext: PageContext) =>
  pageContext.is404
    ? 'Page Not Found — RM5'
    : pageContext.abortReason === DOCUMENT_UNAVAILABLE
      ? `${DOCUMENT_UNAVAILABLE_TITLE} — RM5`
      : 'Unexpected Application Error! — RM5'
