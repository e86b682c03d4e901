import type { PageContext } from 'vike/types'
import { followsPost } from '../../lib/forms/confirmation.ts'

export default (pageContext: PageContext) =>
  followsPost(pageContext)
    ? 'Your message is stored: what happens next.'
    : 'Confirms a message right after it is sent, and leads to the contact form.'
