// The browser code of the home page and the docket (decision 020): the header's plain DOM
// behaviour at once, the page itself as one React island once the page has loaded.
import '../../renderer/html-only-client'
import { startIsland } from '../islands/start-island'

startIsland('home', () => import('./HomePage').then((module) => module.HomePage))
