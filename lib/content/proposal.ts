// The circlek partnership proposal's commercial constants (docs/original-behaviour.md §9), in one place so the
// page's figures and their arithmetic cannot drift apart (lib/content/proposal.test.ts checks it).
export const minimumLoad = {
  ordersPerHour: 3,
  hoursPerDay: 12,
  daysPerMonth: 27,
  /** Completed deliveries per vehicle per calendar month: 3 × 12 × 27. */
  deliveriesPerMonth: 972,
} as const

export const autonomyFeeUsd = 3
export const platformFeePercent = 3

export interface ProposalTerm {
  name: string
  value: string
  unit: string
  details: string[]
}

const usd = (amount: number) => `$${amount.toFixed(2)}`
const thousands = (n: number) => n.toLocaleString('en-US')

export const commercialTerms: ProposalTerm[] = [
  {
    name: 'Autonomy fee',
    value: usd(autonomyFeeUsd),
    unit: 'per order',
    details: [
      'Charged to the consumer and set by the provider.',
      'No markups, no other service fees and no tips.',
    ],
  },
  {
    name: 'Platform fee',
    value: `${platformFeePercent}%`,
    unit: 'of GMV per order',
    details: ['Charged to the retailer on the gross merchandise value of each order.'],
  },
  {
    name: 'Minimum order load',
    value: thousands(minimumLoad.deliveriesPerMonth),
    unit: 'completed deliveries per vehicle per calendar month',
    details: [
      `${minimumLoad.ordersPerHour} orders per hour × ${minimumLoad.hoursPerDay} hours per day × ${minimumLoad.daysPerMonth} days.`,
      'If the minimum is not met, the provider may invoice a make-up fee equal to the platform fee that would have been earned, and/or suspend or terminate access.',
    ],
  },
  {
    name: 'Subscription fee',
    value: 'Waived',
    unit: 'while the minimum is met',
    details: ['The monthly subscription fee is waived for every month the minimum order load is met.'],
  },
  {
    name: 'Settlement',
    value: 'Monthly',
    unit: 'with monthly statements',
    details: ['Fees are settled once a month, with a statement for each month.'],
  },
]
