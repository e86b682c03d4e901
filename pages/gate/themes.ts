import type { GateRetailer } from '../../lib/retailers.ts'

/**
 * Each gate's colour and monogram: themed after the retailer without using its logo or marks.
 * `tint` is read on the dark hero (≥ 3:1 for the large heading); `ink` is the text on a tint fill.
 */
export interface GateTheme {
  tint: string
  ink: string
  monogram: string
  audience: string
}

export const gateThemes: Record<GateRetailer, GateTheme> = {
  circlek: { tint: '#ff6b2c', ink: '#0b0d10', monogram: 'CK', audience: 'Convenience retail' },
  pizzahut: { tint: '#ff4f5e', ink: '#0b0d10', monogram: 'PH', audience: 'Quick-service restaurants' },
  walmart: { tint: '#5aa9ff', ink: '#0b0d10', monogram: 'W', audience: 'Mass retail' },
  compass: { tint: '#3fd2c7', ink: '#0b0d10', monogram: 'C', audience: 'Food service' },
  partner: { tint: '#c6ff3d', ink: '#0b0d10', monogram: 'P', audience: 'Technology and fleet partners' },
  investor: { tint: '#c7a6ff', ink: '#0b0d10', monogram: 'I', audience: 'Investors' },
}
