import { asksToClose } from '../../lib/access.ts'
import { CloseProposal } from './CloseProposal.tsx'

/**
 * The `proposal-close` island's component in the browser: the close button as the server rendered
 * it (+Page.server.tsx), asking to close when the address does.
 */
export function CloseProposalIsland() {
  return (
    <CloseProposal asked={asksToClose(Object.fromEntries(new URLSearchParams(window.location.search)))} />
  )
}
