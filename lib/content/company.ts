import { brand } from '../brand.ts'

// The company page: history timeline (docs/original-behaviour.md §2, Company) and the fictional investors and
// media outlets whose wordmarks are drawn in components/sections/Wordmark.tsx.
export interface Milestone {
  year: string
  title: string
  body: string
}

const p = brand.product

export const milestones: Milestone[] = [
  {
    year: '2018',
    title: 'Founding',
    body: `${brand.company} is founded in Glendale, California, by robotics and retail engineers convinced that local delivery should not need a driver, a car and a tip.`,
  },
  {
    year: '2018',
    title: 'Debut',
    body: `The first ${p} prototype, a single-locker test vehicle built in a rented workshop, makes its debut on closed streets in front of the first partner stores.`,
  },
  {
    year: '2020',
    title: 'Beta',
    body: 'A beta fleet with the ten-locker body starts delivering real orders in a geofenced neighborhood, with safety operators on board.',
  },
  {
    year: '2021–2024',
    title: 'Pilots',
    body: 'Driverless pilots with grocers, convenience stores and restaurants prove the model: 10-minute average delivery, 90% repeat customers, 5 million autonomous miles.',
  },
  {
    year: '2025+',
    title: 'Scale',
    body: 'Commercial launch starts in Austin in 2026, followed by Dallas, Houston and San Antonio, then California, Arizona, Florida and Michigan.',
  },
]

export type WordmarkStyle = 'serif' | 'sans' | 'mono' | 'condensed'

export interface Wordmark {
  name: string
  /** A simple drawn glyph before the name; every one is an original, generic shape. */
  glyph: 'triangle' | 'circle' | 'square' | 'bars' | 'arc' | 'none'
  style: WordmarkStyle
}

export const investors: Wordmark[] = [
  { name: 'Northgate Ventures', glyph: 'triangle', style: 'sans' },
  { name: 'Halcyon Capital', glyph: 'circle', style: 'serif' },
  { name: 'Foundry Peak', glyph: 'bars', style: 'condensed' },
  { name: 'Arclight Partners', glyph: 'arc', style: 'sans' },
  { name: 'Cinder & Oak', glyph: 'square', style: 'serif' },
  { name: 'Tidewater Growth', glyph: 'none', style: 'mono' },
]

export const mediaOutlets: Wordmark[] = [
  { name: 'The Daily Circuit', glyph: 'none', style: 'serif' },
  { name: 'Motor Ledger', glyph: 'bars', style: 'condensed' },
  { name: 'Tech Dispatch', glyph: 'square', style: 'mono' },
  { name: 'Urban Mobility Review', glyph: 'circle', style: 'sans' },
  { name: 'Futurecast', glyph: 'arc', style: 'sans' },
  { name: 'Retail Wire Weekly', glyph: 'none', style: 'serif' },
]
