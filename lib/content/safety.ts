// The six feature cards of the technology page's Safety section (docs/original-behaviour.md §2, Technology).
export interface SafetyFeature {
  title: string
  body: string
}

export const safetyFeatures: SafetyFeature[] = [
  {
    title: '360° perception',
    body: 'Overlapping cameras, lidar and radar see all around the vehicle, day and night, with no blind spot at the curb.',
  },
  {
    title: 'Built for low speed',
    body: 'A top speed of 25 mph on city streets gives the vehicle, and everyone around it, time and distance to react.',
  },
  {
    title: 'Redundant systems',
    body: 'Braking, steering, power and computing are duplicated, so a single failure brings the vehicle to a safe stop.',
  },
  {
    title: 'Vulnerable road users first',
    body: 'Pedestrians, cyclists and children get extra clearance; the vehicle yields whenever intent is unclear.',
  },
  {
    title: 'Remote assistance',
    body: 'Trained operators monitor the fleet around the clock and can guide any vehicle through an unusual situation.',
  },
  {
    title: 'Secure lockers',
    body: 'Each locker opens only from the app of the staff member or the customer it belongs to, and only at the curb.',
  },
]
