// HTML-only page with one island (decision 020): the careers film.
import '../../renderer/html-only-client'
import { startIsland } from '../../components/islands/start-island'

startIsland('careers-film', () =>
  import('../../components/sections/slots/CareersVideoSlot').then((m) => m.CareersVideoSlot),
)
