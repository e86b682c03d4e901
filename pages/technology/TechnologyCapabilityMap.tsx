import { CapabilityMap } from '../../components/sections/CapabilityMap.tsx'
import { capabilities } from '../../lib/content/capabilities.ts'

/** The capability map as the technology page shows it: an island, so it takes no props. */
export function TechnologyCapabilityMap() {
  return <CapabilityMap capabilities={capabilities} labelledBy="capabilities-title" />
}
