import { brand } from '../brand.ts'

// The 'Why {product}' cards of the home page (docs/original-behaviour.md §2, Home).
export interface WhyCard {
  kicker: 'Vision' | 'Problem' | 'Solution'
  title: string
  body: string
}

export const whyCards: WhyCard[] = [
  {
    kicker: 'Vision',
    title: 'Every store, ten minutes from every door',
    body: `We picture neighborhoods where the corner store, the pharmacy and the bakery all reach you in minutes, without a car on every errand. The ${brand.product} makes local retail as close as the curb.`,
  },
  {
    kicker: 'Problem',
    title: 'Last-mile delivery does not add up',
    body: 'A courier driving a two-ton car for one bag of groceries is slow, expensive and wasteful. Fees and tips pile up for customers, margins vanish for stores, and streets fill with half-empty trips.',
  },
  {
    kicker: 'Solution',
    title: 'A driverless store with ten lockers',
    body: `The ${brand.product} carries up to ten orders from several stores at once, drives itself to the curb and lets each customer unlock their own locker from the app: up to 70% cheaper than human delivery, with no tips and no markups.`,
  },
]
