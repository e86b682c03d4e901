// HTML-only page with one island (decisions 020, 022): the application form, empty, below the
// confirmation (the page without a post before it has none). It is a working HTML form from first
// paint; React takes it over when reached.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('application-form', () =>
  import('../apply/ApplicationFormIsland.tsx').then((m) => m.ApplicationFormIsland),
)
