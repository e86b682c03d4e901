import { brand } from '../brand.ts'

// The seven steps of the delivery journey, in order (docs/original-behaviour.md §2 and 4, Order journey).
export interface JourneyStep {
  title: string
  /** Who acts in this step: the customer, the store or the vehicle. */
  actor: string
  body: string
  detail: string
}

const p = brand.product

export const journeySteps: JourneyStep[] = [
  {
    title: 'Customer Orders',
    actor: 'Customer',
    body: 'The customer picks a store in the app, fills a basket and checks out. The price on the shelf is the price they pay, plus a flat autonomy fee.',
    detail: 'No markups, no service fees, no tips.',
  },
  {
    title: 'Store Receives Alert',
    actor: 'Store',
    body: 'The order lands in the merchant app the moment it is placed. Staff see every item, pick the basket and mark it ready for pickup.',
    detail: 'Catalog, prices and inventory stay in the merchant app.',
  },
  {
    title: `${p} Dispatches`,
    actor: p,
    body: `Fleet orchestration assigns the nearest ${p} with a free locker of the right climate and plans a route that can batch orders from neighboring stores.`,
    detail: 'Ambient, chilled or heated lockers.',
  },
  {
    title: 'Curbside Arrival',
    actor: p,
    body: `The ${p} drives itself to the store’s pickup bay and parks at the curb. Staff get a notification with the bay and the locker to use.`,
    detail: 'Level 4 autonomy, top speed 25 mph.',
  },
  {
    title: 'Secure Loading',
    actor: 'Store',
    body: 'A staff member unlocks the assigned locker from the merchant app, loads the order and closes the door. The locker locks itself and the vehicle departs.',
    detail: 'Up to 50 lbs per locker, 500 lbs in all.',
  },
  {
    title: 'Customer Receives Alert',
    actor: 'Customer',
    body: `As the ${p} turns onto the customer’s street, the app sends a live arrival alert with the vehicle’s position and their locker number.`,
    detail: 'Delivery windows of 15 minutes inside every zone.',
  },
  {
    title: 'Customer Pickup',
    actor: 'Customer',
    body: 'At the curb, the customer unlocks their locker from the consumer app, collects the order and closes the door. The vehicle moves on to its next stop.',
    detail: 'About ten minutes from checkout to pickup.',
  },
]
