// HTML-only page with one island (decisions 020, 022): the application form. It is a working HTML
// form from first paint; React takes it over for inline validation and sending without a reload.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('application-form', () =>
  import('./ApplicationFormIsland.tsx').then((m) => m.ApplicationFormIsland),
)
