// The home page's island (decision 020): loaded by startIsland() from the page's +client.ts.
import { hydrateRoot } from 'react-dom/client'
import { HomePage } from './HomePage'

export function hydrate(container: Element): void {
  hydrateRoot(container, <HomePage />)
}
