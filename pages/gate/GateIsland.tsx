import { type GateRetailer, isGateRetailer } from '../../lib/retailers.ts'
import { GateCard } from './GateCard.tsx'

/**
 * The island's component in the browser: the card for the gate and query of the address it was
 * served at, as the server rendered it (+Page.server.tsx).
 */
export function GateIsland() {
  const segment = window.location.pathname.slice(1)
  const retailer: GateRetailer = isGateRetailer(segment) ? segment : 'walmart'
  return (
    <GateCard retailer={retailer} search={Object.fromEntries(new URLSearchParams(window.location.search))} />
  )
}
