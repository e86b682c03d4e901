// HTML-only page with two islands (components/islands/README.md): the capability map and the
// autonomy film.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('capability-map', () =>
  import('./TechnologyCapabilityMap.tsx').then((m) => m.TechnologyCapabilityMap),
)
startIsland('autonomy-film', () =>
  import('../../components/sections/PageFilm.tsx').then((m) => m.AutonomyFilm),
)
