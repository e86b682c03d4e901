import { GateCard } from './GateCard.tsx'
import { partnerOnPage } from './partner-attribute.ts'

/**
 * The island's component in the browser: the card for the gate's partner and the query of the
 * address it was served at, as the server rendered it (+Page.server.tsx).
 */
export function GateIsland() {
  const partner = partnerOnPage()
  if (!partner) throw new Error('the gate page names no partner')
  return (
    <GateCard partner={partner} search={Object.fromEntries(new URLSearchParams(window.location.search))} />
  )
}
