import { brand } from '../brand.ts'

// The eight nodes of the technology page's capability map (docs/original-behaviour.md §2, Technology), each
// with an Overview and the steps of How It Works.
export interface Capability {
  id: string
  name: string
  layer: 'Commerce' | 'Fleet' | 'Vehicle'
  summary: string
  overview: string
  howItWorks: string[]
  metric?: { value: string; label: string }
}

const p = brand.product

export const capabilities: Capability[] = [
  {
    id: 'retailer-integration',
    name: 'Retailer Integration',
    layer: 'Commerce',
    summary: 'Storefronts in the consumer app, fed by the merchant app.',
    overview: `Retailers appear as branded storefronts inside the consumer app and run their catalog, prices and inventory from a separate merchant app. No new point-of-sale, no new hardware: the ${p} plugs into the way a store already sells.`,
    howItWorks: [
      'Import the catalog from a spreadsheet or sync it from the existing point-of-sale.',
      'Set prices, hours and stock levels in the merchant app; changes go live in seconds.',
      'Orders arrive in the merchant app with a pick list and the pickup bay to use.',
      'Monthly statements settle the platform fee; no per-vehicle contracts to manage.',
    ],
  },
  {
    id: 'zoned-deployment',
    name: 'Zoned Deployment',
    layer: 'Fleet',
    summary: 'Service areas sized to keep every delivery inside 15 minutes.',
    overview: `Every city is divided into delivery zones mapped street by street. Each zone is sized so that a ${p} can reach any address in it from any partner store within the promised window.`,
    howItWorks: [
      'High-definition maps are built and validated for every street in a zone before launch.',
      'Zone boundaries follow travel times, not postcodes, and adjust with demand.',
      'Vehicles are staged inside each zone so the nearest one is always minutes away.',
      'Customers see the 15-minute window for their address before they check out.',
    ],
    metric: { value: '15 min', label: 'delivery windows within zones' },
  },
  {
    id: 'route-optimization',
    name: 'Route Optimization',
    layer: 'Fleet',
    summary: 'Routes re-planned continuously around traffic and new orders.',
    overview:
      'A routing engine plans every trip from live traffic, signal timing, curb availability and the orders still to be collected, and re-plans the moment anything changes.',
    howItWorks: [
      'Each new order is scored against every active route in the zone.',
      'Routes favour low-speed streets and legal, safe stopping points at the curb.',
      'Live traffic and road closures trigger a re-plan within seconds.',
      'Arrival estimates flow straight into the customer’s app.',
    ],
    metric: { value: '40%', label: 'route time reduction' },
  },
  {
    id: 'fleet-orchestration',
    name: 'Fleet Orchestration',
    layer: 'Fleet',
    summary: 'One control plane for dispatch, charging and remote assistance.',
    overview: `Fleet orchestration decides which ${p} takes which order, when each vehicle charges and where idle vehicles wait, balancing the whole fleet instead of optimising one trip at a time.`,
    howItWorks: [
      'Dispatch matches orders to vehicles by distance, free lockers and locker climate.',
      'Charging is scheduled into quiet hours so vehicles are ready for the peaks.',
      'Remote operators can assist any vehicle in unusual situations, at any time.',
      'Health checks take a vehicle out of service before a fault becomes a problem.',
    ],
    metric: { value: '30%', label: 'operations cost reduction' },
  },
  {
    id: 'multi-store-batching',
    name: 'Multi-Store Batching',
    layer: 'Commerce',
    summary: 'Ten lockers, several stores, one trip.',
    overview: `With ten independent lockers, one ${p} can collect from a grocer, a pharmacy and a bakery on the same run and deliver to several customers along one route.`,
    howItWorks: [
      'Orders heading the same way are grouped while they are being picked.',
      'Each order gets its own locker with its own climate and its own access code.',
      'Pickups are sequenced so chilled and heated items spend the least time on board.',
      'Customers only ever see and unlock their own locker.',
    ],
    metric: { value: '60%', label: 'fewer trips' },
  },
  {
    id: 'full-self-driving',
    name: 'Full Self-Driving System',
    layer: 'Vehicle',
    summary: 'Level 4 autonomy, built for low-speed city streets.',
    overview: `The ${p} drives itself with no one on board. Cameras, lidar and radar give it a 360° view; on-board computers predict what every road user will do next and plan a safe path through it.`,
    howItWorks: [
      'Sensor fusion combines cameras, lidar and radar into one model of the street.',
      'Prediction anticipates pedestrians, cyclists and vehicles several seconds ahead.',
      'Planning keeps to 25 mph or less and leaves generous space to vulnerable road users.',
      'Redundant braking, steering and power keep the vehicle safe if a component fails.',
    ],
    metric: { value: '5M+', label: 'autonomous miles' },
  },
  {
    id: 'autonomous-pickups',
    name: 'Autonomous Pickups',
    layer: 'Vehicle',
    summary: 'Curbside arrival at the store’s pickup bay, on time.',
    overview: `The ${p} arrives at a store’s designated pickup bay, parks itself and tells staff which locker to load. Loading takes seconds and nobody has to leave the store for long.`,
    howItWorks: [
      'Each store has a mapped pickup bay with a legal, safe stopping point.',
      'Staff get a notification when the vehicle is two minutes away and when it arrives.',
      'The merchant app unlocks only the locker assigned to the order.',
      'The locker locks itself when closed and the vehicle departs automatically.',
    ],
  },
  {
    id: 'autonomous-drop-offs',
    name: 'Autonomous Drop-offs',
    layer: 'Vehicle',
    summary: 'The customer unlocks their own locker at the curb.',
    overview: `At the customer’s address the ${p} pulls over at the curb and waits. The customer unlocks their locker from the consumer app, takes the order and closes the door: contactless, private and quick.`,
    howItWorks: [
      'A live arrival alert tells the customer exactly when to step outside.',
      'The vehicle picks a safe spot at the curb, away from driveways and crossings.',
      'Only the customer’s phone can open their locker, and only at the curb.',
      'If no one comes, the vehicle returns the order to the store after the wait time.',
    ],
    metric: { value: '10 min', label: 'average delivery' },
  },
]
