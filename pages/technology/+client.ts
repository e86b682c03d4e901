// HTML-only page with two islands (components/islands/README.md): the capability map and the
// autonomy film.
import '../../renderer/html-only-client'
import { startIsland } from '../../components/islands/start-island'

startIsland('capability-map', () =>
  import('./TechnologyCapabilityMap').then((m) => m.TechnologyCapabilityMap),
)
startIsland('autonomy-film', () => import('../../components/sections/PageFilm').then((m) => m.AutonomyFilm))
