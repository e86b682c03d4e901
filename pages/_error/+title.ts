import type { PageContext } from 'vike/types'
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENT_NOT_FOUND_TITLE,
  DOCUMENT_UNAVAILABLE,
  DOCUMENT_UNAVAILABLE_TITLE,
} from '../../lib/documents.ts'

export default (pageContext: PageContext) =>
  pageContext.is404
    ? pageContext.abortReason === DOCUMENT_NOT_FOUND
      ? `${DOCUMENT_NOT_FOUND_TITLE} — RM5`
      : 'Page Not Found — RM5'
    : pageContext.abortReason === DOCUMENT_UNAVAILABLE
      ? `${DOCUMENT_UNAVAILABLE_TITLE} — RM5`
      : 'Unexpected Application Error! — RM5'
