import { brand } from '../brand.ts'

// The careers page: culture ({product}ians), eight core values and office locations
// (docs/original-behaviour.md §2, Careers).
const p = brand.product

export const culture = {
  name: `${p}ians`,
  paragraphs: [
    `People who build the ${p} call themselves ${p}ians. We are robotics engineers, retail operators, designers, safety drivers and fleet technicians who would rather ship a working vehicle than a slide deck.`,
    'We work in small teams that own a problem end to end, from the first sketch to the curb. Everyone spends time with the fleet and with the stores we serve, because the best ideas come from watching a real delivery.',
  ],
  perks: [
    'Competitive salary and meaningful equity',
    'Medical, dental and vision cover for you and your family',
    '16 weeks of paid parental leave',
    'A yearly learning budget and conference time',
    'Free deliveries from every partner store',
  ],
}

export interface CoreValue {
  title: string
  body: string
}

export const coreValues: CoreValue[] = [
  {
    title: 'Safety without exception',
    body: 'No deadline, feature or demo is worth a risk to anyone on the street.',
  },
  {
    title: 'Customers at the curb',
    body: 'We measure success at the moment a locker opens, not when code merges.',
  },
  {
    title: 'Own it end to end',
    body: 'Whoever spots a problem owns it until it is solved or handed over clearly.',
  },
  {
    title: 'Ship, then sharpen',
    body: 'Small, frequent releases beat big bets; we learn fastest from real use.',
  },
  {
    title: 'Say it plainly',
    body: 'Clear, direct and kind feedback, in writing where it helps others follow.',
  },
  {
    title: 'Win with retailers',
    body: 'Our partners’ margins matter as much as our own; we grow when they do.',
  },
  {
    title: 'Frugal by design',
    body: 'Every dollar and every watt saved makes delivery cheaper for everyone.',
  },
  { title: 'Better together', body: 'We hire for range, include by default and make room for every voice.' },
]

export interface Office {
  city: string
  role: string
  address: string
  body: string
}

export const offices: Office[] = [
  {
    city: `${brand.address.city}, ${brand.address.region}`,
    role: 'Headquarters',
    address: `${brand.address.street}, ${brand.address.city}, ${brand.address.region} ${brand.address.postalCode}`,
    body: 'Leadership, autonomy software, product, design and the teams behind the apps.',
  },
  {
    city: 'Austin, TX',
    role: 'Launch operations',
    address: 'East Cesar Chavez, Austin, TX',
    body: 'Fleet operations, mapping and retailer onboarding for the Phase 1 launch in 2026.',
  },
  {
    city: 'Detroit, MI',
    role: 'Vehicle engineering',
    address: 'Corktown, Detroit, MI',
    body: 'Vehicle hardware, locker systems, validation and manufacturing partnerships.',
  },
]
