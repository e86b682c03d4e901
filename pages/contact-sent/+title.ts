import type { PageContext } from 'vike/types'
import { followsPost } from '../../lib/forms/confirmation.ts'

export default (pageContext: PageContext) =>
  followsPost(pageContext) ? 'Message sent — RM5' : 'No message to confirm — RM5'
