// HTML-only page with one island (decisions 020, 023): the close button and its dialog. Both work
// as forms from first paint; React opens the dialog in place and closes the proposal with fetch.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('proposal-close', () => import('./CloseProposalIsland.tsx').then((m) => m.CloseProposalIsland))
