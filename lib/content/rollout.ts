// The deployment timeline on /apply (docs/original-behaviour.md §4, "Rollout phases").
export type RolloutStatus = 'active' | 'upcoming' | 'planned'

export interface RolloutPhase {
  phase: number
  title: string
  description: string
  timeline: string
  status: RolloutStatus
  /** Where the phase launches, shown as tags. */
  markets: string[]
}

export const rolloutStatusLabels: Record<RolloutStatus, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  planned: 'Planned',
}

export const rolloutPhases: RolloutPhase[] = [
  {
    phase: 1,
    title: 'Texas Launch',
    description: 'Commercial service starts in select Austin neighborhoods, with our first retail partners.',
    timeline: 'Q1 2026',
    status: 'active',
    markets: ['Select Austin neighborhoods'],
  },
  {
    phase: 2,
    title: 'Regional Expansion',
    description: 'The fleet grows across the major Texas metros.',
    timeline: 'Q2 2027',
    status: 'upcoming',
    markets: ['Dallas', 'Houston', 'San Antonio'],
  },
  {
    phase: 3,
    title: 'National Deployment',
    description: 'Service extends to four states beyond Texas.',
    timeline: 'Q1 2028',
    status: 'planned',
    markets: ['California', 'Arizona', 'Florida', 'Michigan'],
  },
]
