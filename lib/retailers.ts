import type { GateRetailer } from './routes'

/** Retailer-themed names for the gate headings (descriptive names, no real logos). */
export const retailerNames: Record<GateRetailer, string> = {
  circlek: 'Circle K',
  pizzahut: 'Pizza Hut',
  walmart: 'Walmart',
  compass: 'Compass',
  partner: 'Partners',
  investor: 'Investors',
}
