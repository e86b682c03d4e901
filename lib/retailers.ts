// The retailers of the access gates: the one list every other module derives from.

/** The six access gates (/circlek, /pizzahut, …), in the order the site lists them. */
export const gateRetailers = ['circlek', 'pizzahut', 'walmart', 'compass', 'partner', 'investor'] as const
export type GateRetailer = (typeof gateRetailers)[number]

/** walmart's gate grants access with a button; every other gate takes a code. */
export type CodeRetailer = Exclude<GateRetailer, 'walmart'>
export const codeRetailers: readonly CodeRetailer[] = gateRetailers.filter(
  (retailer): retailer is CodeRetailer => retailer !== 'walmart',
)

export function isGateRetailer(value: unknown): value is GateRetailer {
  return typeof value === 'string' && (gateRetailers as readonly string[]).includes(value)
}

export function isCodeRetailer(value: unknown): value is CodeRetailer {
  return typeof value === 'string' && (codeRetailers as readonly string[]).includes(value)
}

/** Retailer-themed names for the gate headings (descriptive names, no real logos). */
export const retailerNames: Record<GateRetailer, string> = {
  circlek: 'Circle K',
  pizzahut: 'Pizza Hut',
  walmart: 'Walmart',
  compass: 'Compass',
  partner: 'Partners',
  investor: 'Investors',
}
