// HTML-only page with one island (components/islands/README.md): the careers film.
import '../../renderer/html-only-client'
import { startIsland } from '../../components/islands/start-island'

startIsland('careers-film', () => import('../../components/sections/PageFilm').then((m) => m.CareersFilm))
