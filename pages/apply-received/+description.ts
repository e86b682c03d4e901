import type { PageContext } from 'vike/types'
import { followsPost } from '../../lib/forms/confirmation.ts'

export default (pageContext: PageContext) =>
  followsPost(pageContext)
    ? 'Your application for retailer access is stored: what happens next.'
    : 'Confirms an application for retailer access right after it is sent, and leads to the form.'
