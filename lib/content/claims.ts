// The claims the site states (docs/original-behaviour.md §1), each as a headline figure and a short label.
export interface Claim {
  value: string
  label: string
  detail: string
}

export const claims = {
  lockers: { value: '10', label: 'lockers', detail: '500 lbs of payload per vehicle' },
  cost: { value: '70%', label: 'lower cost', detail: 'per delivery versus a human courier' },
  repeat: { value: '90%', label: 'repeat customers', detail: 'order again after their first delivery' },
  averageDelivery: { value: '10 min', label: 'average delivery', detail: 'from checkout to curbside' },
  windows: { value: '15 min', label: 'delivery windows', detail: 'guaranteed inside every zone' },
  routeTime: { value: '40%', label: 'less route time', detail: 'with live route optimization' },
  operations: { value: '30%', label: 'lower operations cost', detail: 'across a fleet of vehicles' },
  trips: { value: '60%', label: 'fewer trips', detail: 'thanks to multi-store batching' },
  miles: { value: '5M+', label: 'autonomous miles', detail: 'driven by the self-driving system' },
} as const satisfies Record<string, Claim>

/** The order the home page shows them in. */
export const homeClaims: Claim[] = [
  claims.lockers,
  claims.cost,
  claims.repeat,
  claims.averageDelivery,
  claims.windows,
  claims.routeTime,
  claims.operations,
  claims.trips,
  claims.miles,
]
