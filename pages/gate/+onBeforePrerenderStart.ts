import { gateRetailers } from '../../lib/retailers.ts'

// Gate pages do not depend on the request, so all six are pre-rendered.
export default function onBeforePrerenderStart() {
  return gateRetailers.map((retailer) => `/${retailer}`)
}
