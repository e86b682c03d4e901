// HTML-only page with one island (components/islands/README.md): the careers film.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../../components/islands/start-island.ts'

startIsland('careers-film', () => import('../../components/sections/PageFilm.tsx').then((m) => m.CareersFilm))
