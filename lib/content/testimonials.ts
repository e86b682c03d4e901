// Four partner testimonials (docs/original-behaviour.md §2, Home): an ice cream brand, a confectionery brand, a
// mobility company and a grocery chain. Every brand and person here is fictional.
export interface Testimonial {
  quote: string
  name: string
  role: string
  company: string
  kind: string
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'Ice cream is the hardest thing to deliver well. The chilled lockers keep every pint frozen to the curb, and our late-evening orders have doubled since launch.',
    name: 'Dana Whitfield',
    role: 'VP of Digital Sales',
    company: 'Polar Parlor Creamery',
    kind: 'Ice cream brand',
  },
  {
    quote:
      'Gift boxes arrive exactly as they left the shop: no crushed ribbons, no melted truffles. Customers tell us the locker reveal is part of the gift.',
    name: 'Marco Bellini',
    role: 'Head of E-commerce',
    company: 'Marigold Confections',
    kind: 'Confectionery brand',
  },
  {
    quote:
      'We have evaluated a lot of autonomy stacks. This is the first one we have seen run a mixed-store fleet in dense traffic, day after day, without drama.',
    name: 'Priya Raman',
    role: 'Director of Autonomous Programs',
    company: 'Veloway Mobility',
    kind: 'Mobility company',
  },
  {
    quote:
      'Ten-minute delivery used to mean a dark store and a fleet of scooters. Now it means one vehicle, ten lockers and a loading bay behind our existing store.',
    name: 'Jordan Ellis',
    role: 'Chief Operating Officer',
    company: 'Greenleaf Markets',
    kind: 'Grocery chain',
  },
]
