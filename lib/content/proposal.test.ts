import { describe, expect, it } from 'vitest'
import { autonomyFeeUsd, commercialTerms, minimumLoad, platformFeePercent } from './proposal.ts'

describe('proposal constants (docs/original-behaviour.md §9)', () => {
  it('derives the minimum order load from 3 orders/h × 12 h/day × 27 days', () => {
    expect(minimumLoad.ordersPerHour * minimumLoad.hoursPerDay * minimumLoad.daysPerMonth).toBe(972)
    expect(minimumLoad.deliveriesPerMonth).toBe(972)
  })

  it('shows the fees exactly as agreed', () => {
    expect(autonomyFeeUsd).toBe(3)
    expect(platformFeePercent).toBe(3)
    const values = Object.fromEntries(commercialTerms.map((term) => [term.name, term.value]))
    expect(values).toEqual({
      'Autonomy fee': '$3.00',
      'Platform fee': '3%',
      'Minimum order load': '972',
      'Subscription fee': 'Waived',
      Settlement: 'Monthly',
    })
  })
})
