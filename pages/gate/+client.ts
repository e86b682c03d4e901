// HTML-only page with one island (decisions 020, 022): the gate's card. Its form is a working HTML
// form from first paint; React takes it over to verify without a reload and to show the e-mail step
// in place.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('gate', () => import('./GateIsland.tsx').then((m) => m.GateIsland))
