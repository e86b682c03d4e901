import { usePageContext } from 'vike-react/usePageContext'
import { followsPost } from '../../lib/forms/confirmation.ts'
import { MessageSent } from './MessageSent.tsx'
import { NoMessageSent } from './NoMessageSent.tsx'
// Linked, not inline: the page has query variants, each a render of its own (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// Where a message posted without JavaScript lands (Post/Redirect/Get, decision 022), its address
// carrying when it was stored (lib/forms/confirmation.ts): soon after, the confirmation, which a
// reload shows again; opened any other way, nothing to confirm and the way to the form. Each is a
// kept render (+queryVariants.ts).
export default function Page() {
  return followsPost(usePageContext()) ? <MessageSent /> : <NoMessageSent />
}
