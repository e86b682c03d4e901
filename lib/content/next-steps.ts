// What happens after a form is sent: shown beside the application form, on the confirmation
// pages and in the confirmation the enhanced forms show in place.
import { brand } from '../brand.ts'

export interface NextStep {
  title: string
  body: string
}

export const applicationNextSteps: readonly NextStep[] = [
  {
    title: 'We review your application',
    body: 'Our partnerships team looks at your stores, order profile and how you deliver today, and writes to you within five business days.',
  },
  {
    title: 'We map your delivery zones',
    body: `A call to plan pickup bays, locker loads and the neighborhoods the ${brand.product} will serve.`,
  },
  {
    title: 'Your storefront goes live',
    body: 'Your brand appears in the consumer app and your team manages catalog, prices and stock in the merchant app.',
  },
]

export const contactNextSteps: readonly NextStep[] = [
  {
    title: 'We read every message',
    body: 'The right person on our team gets yours: partnerships, press or engineering.',
  },
  {
    title: 'We answer within one business day',
    body: 'By e-mail, at the address you gave. Check your spam folder if nothing arrives.',
  },
]
