import type { PageContext } from 'vike/types'
import { followsPost } from '../../lib/forms/confirmation.ts'

export default (pageContext: PageContext) =>
  followsPost(pageContext) ? 'Application received — RM5' : 'No application to confirm — RM5'
