import { brand } from '../brand.ts'

// Title, description, address and hero of every public page in one place: the page config files
// (+title, +description), the page heads (canonical, social card, JSON-LD) and the tests read it.
export interface PublicPageMeta {
  /** Route path, also the canonical path. */
  path: string
  /** Name in the breadcrumb trail and the JSON-LD WebPage. */
  name: string
  title: string
  description: string
  /** Hero image key: `{hero}.jpg` in the `Heros` bucket (docs/original-behaviour.md §2). */
  hero: string
}

const p = brand.product

export const publicPages = {
  home: {
    path: '/',
    name: 'Home',
    title: `${p} — the autonomous mobile store`,
    description: `The ${p} is a driverless, all-electric mobile store with 10 lockers and a 500 lb payload that brings orders to the curb in about ten minutes.`,
    hero: 'home',
  },
  experience: {
    path: '/experience',
    name: 'Experience',
    title: `The delivery experience — ${p}`,
    description: `Seven steps from tap to curb: how an order travels from the store shelf to a secure ${p} locker at the customer’s door.`,
    hero: 'experience',
  },
  technology: {
    path: '/technology',
    name: 'Technology',
    title: `Technology — ${p}`,
    description: `Eight capabilities from retailer integration to autonomous drop-offs: the self-driving, routing and fleet technology behind the ${p}.`,
    hero: 'technology',
  },
  company: {
    path: '/company',
    name: 'Company',
    title: `Company — ${p}`,
    description: `From a 2018 founding to city-scale pilots: the history, investors and press behind ${brand.company} and the ${p}.`,
    hero: 'company',
  },
  careers: {
    path: '/careers',
    name: 'Careers',
    title: `Careers — ${p}`,
    description: `Become one of the ${p}ians: the engineers, operators and designers putting autonomous stores on the road. Our values and offices.`,
    hero: 'careers',
  },
  contact: {
    path: '/contact',
    name: 'Contact',
    title: `Contact — ${p}`,
    description: `Questions about the ${p}, partnerships or press? Write to ${brand.company} or call us; we answer within one business day.`,
    hero: 'contact',
  },
  apply: {
    path: '/apply',
    name: 'Retailer Access',
    title: `Retailer Access — ${p}`,
    description: `Apply to bring the ${p} to your stores: we onboard retailers in Austin first, then across Texas and the nation.`,
    hero: 'apply',
  },
  terms: {
    path: '/terms',
    name: 'Terms of Service',
    title: `Terms of Service — ${p}`,
    description: `The terms for consumers, merchants and store staff using the ${p} service: eligibility, fees, payment holds, cancellations and more.`,
    hero: 'terms',
  },
  privacy: {
    path: '/privacy',
    name: 'Privacy Policy',
    title: `Privacy Policy — ${p}`,
    description: `How ${brand.company} collects, uses, shares and protects information about customers, merchants and partners in the United States.`,
    hero: 'privacy',
  },
} as const satisfies Record<string, PublicPageMeta>

export type PublicPageKey = keyof typeof publicPages
