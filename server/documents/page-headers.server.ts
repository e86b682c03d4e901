// A PDF document's page shows the PDF in the browser's own viewer (<object>), which the site's
// policy refuses everywhere else (object-src 'none', frames denied). Only these pages allow it,
// and only for this origin's files; the file route lets only this origin frame the PDF.
import { DOCUMENTS_PATH } from '../../lib/access.ts'
import type { Env } from '../env.server.ts'
import { contentSecurityPolicy } from '../http/security-headers.server.ts'

const DOCUMENT_PAGE = new RegExp(`^${DOCUMENTS_PATH}/[^/]+$`)

/** Headers of a document page's answer: the site's CSP with the PDF object allowed from 'self'. */
export function documentPageHeaders(env: Env): (pathname: string) => Record<string, string> | undefined {
  const policy = contentSecurityPolicy(env, { objects: 'self' })
  const headers = { 'content-security-policy': policy }
  return (pathname) => (DOCUMENT_PAGE.test(pathname) ? headers : undefined)
}

/** Headers of the PDF itself: nothing runs in it, and only this origin's pages may embed it. */
export const DOCUMENT_FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const
