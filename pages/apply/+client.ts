// HTML-only page with one island (decisions 020, 022): the application form. It is a working HTML
// form from first paint; React takes it over for inline validation and sending without a reload.
import '../../renderer/html-only-client'
import { startIsland } from '../../components/islands/start-island'

startIsland('application-form', () => import('./ApplicationFormIsland').then((m) => m.ApplicationFormIsland))
