// Vehicle facts (docs/original-behaviour.md §3): the home page's Vehicle Specs and Cargo Specs cards and the
// Product JSON-LD read the same list, so the page and its structured data never disagree.
export interface SpecFact {
  label: string
  value: string
  /** schema.org unit code (UN/CEFACT) and number, where the fact is a measurement. */
  quantity?: { value: number; unitCode: string }
}

export const vehicleSpecs: SpecFact[] = [
  { label: 'Automation level', value: 'SAE Level 4' },
  { label: 'Vehicle class', value: 'Low-speed electric vehicle' },
  { label: 'Top speed', value: '25 mph (40 km/h)', quantity: { value: 40, unitCode: 'KMH' } },
  { label: 'Max range', value: '112 miles (180 km)', quantity: { value: 180, unitCode: 'KMT' } },
  { label: 'Curb weight', value: '2,205 lbs (1,000 kg)', quantity: { value: 1000, unitCode: 'KGM' } },
  { label: 'Dimensions (L × W × H)', value: '3,724 × 1,424 × 2,100 mm' },
]

export const cargoSpecs: SpecFact[] = [
  { label: 'Lockers', value: '10 (2 × 5)' },
  { label: 'Payload', value: '500 lbs (226 kg)', quantity: { value: 226, unitCode: 'KGM' } },
  { label: 'Per locker', value: 'Up to 50 lbs', quantity: { value: 22.7, unitCode: 'KGM' } },
  { label: 'Locker size', value: '650 × 610 × 445 mm' },
  { label: 'Climate', value: 'Ambient, chilled or heated' },
  { label: 'Access', value: 'App-controlled lock' },
]

/** Outer dimensions in millimetres, for the Product JSON-LD depth/width/height. */
export const vehicleDimensionsMm = { length: 3724, width: 1424, height: 2100 } as const
