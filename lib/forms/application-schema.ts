// The retailer application (docs/original-behaviour.md §3 and 5): one schema for the /apply form and for
// POST /api/applications, so the browser and the server accept and refuse the same things.
import { z } from 'zod/mini'
import {
  email,
  optionalChoice,
  optionalNumber,
  optionalText,
  phone,
  requiredLine,
  requiredNumber,
} from './fields.ts'

export const APPLICATIONS_API = '/api/applications'

/** The spec's eleven business types, in the spec's order; stored as shown. */
export const businessTypes = [
  'Restaurant',
  'Quick Service Restaurant (QSR)',
  'Fast Casual',
  'Grocery Store',
  'Convenience Store',
  'Pharmacy',
  'Retail Store',
  'Coffee Shop',
  'Bakery',
  'Other Food Service',
  'Other Retail',
] as const

/**
 * How the retailer delivers today. The original named a grocery app and three food delivery
 * apps; we describe them generically (no third-party trademarks) but keep them distinct, since
 * which platform a retailer leaves matters to the sales team.
 */
export const deliveryMethods = [
  'Grocery delivery app',
  'Food delivery app (national marketplace)',
  'Food delivery app (ride-hailing platform)',
  'Food delivery app (takeout ordering platform)',
  'In-house delivery',
  'Third-party logistics',
  'No delivery currently',
  'Other',
] as const

export const applicationLimits = {
  companyName: 160,
  contactName: 120,
  numberOfLocations: 10_000,
  averageOrderValue: 100_000,
  monthlyOrderVolume: 10_000_000,
  // With 3 bytes per UTF-16 unit at worst, the whole body stays under the API's 16 KB limit.
  additionalInfo: 4000,
} as const

export const applicationSchema = z.object({
  companyName: requiredLine('Enter your company name.', applicationLimits.companyName, 'your company name'),
  businessType: z.enum(businessTypes, { error: 'Choose your business type.' }),
  numberOfLocations: requiredNumber({
    message: 'Enter how many locations you have in Austin (0 if none yet).',
    what: 'the number of locations',
    max: applicationLimits.numberOfLocations,
  }),
  contactName: requiredLine('Enter your name.', applicationLimits.contactName, 'your name'),
  email: email(),
  phone: phone(),
  averageOrderValue: optionalNumber({
    message: 'Enter an amount in dollars, like 42.50.',
    what: 'the average order value',
    max: applicationLimits.averageOrderValue,
    decimals: 2,
  }),
  monthlyOrderVolume: optionalNumber({
    message: 'Enter a whole number of orders.',
    what: 'the number of orders per month',
    max: applicationLimits.monthlyOrderVolume,
  }),
  currentDeliveryMethod: optionalChoice(deliveryMethods, 'Choose one of the listed delivery methods.'),
  additionalInfo: optionalText(applicationLimits.additionalInfo, 'anything else we should know'),
})

export type ApplicationInput = z.output<typeof applicationSchema>
export type ApplicationField = keyof ApplicationInput

export const applicationFields = Object.keys(applicationSchema.shape) as ApplicationField[]

/** What the form holds: every input's raw string value. */
export type ApplicationFormValues = Record<ApplicationField, string>

export const emptyApplication: ApplicationFormValues = Object.fromEntries(
  applicationFields.map((field) => [field, '']),
) as ApplicationFormValues
