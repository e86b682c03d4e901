import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applicationLimits,
  applicationSchema,
  businessTypes,
  deliveryMethods,
  emptyApplication,
} from './application-schema.ts'
import { fieldErrors } from './field-errors.ts'

const form = {
  ...emptyApplication,
  companyName: '  Barton  Springs Market ',
  businessType: 'Grocery Store',
  numberOfLocations: '3',
  contactName: 'Ana Núñez',
  email: ' Ana@Example.COM ',
  phone: '(512) 555-0142',
}

const errorsOf = (values: unknown) => {
  const result = applicationSchema.safeParse(values)
  return result.success ? {} : fieldErrors(result.error)
}

describe('applicationSchema', () => {
  it("has the spec's eleven business types and eight delivery methods, without trademarks", () => {
    expect(businessTypes).toHaveLength(11)
    expect(businessTypes).toContain('Quick Service Restaurant (QSR)')
    expect(deliveryMethods).toHaveLength(8)
    expect(deliveryMethods.join(' ')).not.toMatch(/instacart|doordash|uber|grubhub|postmates/i)
  })

  it('parses form strings into normalised values', () => {
    expect(
      applicationSchema.parse({ ...form, averageOrderValue: '19.99', monthlyOrderVolume: '450' }),
    ).toEqual({
      companyName: 'Barton Springs Market',
      businessType: 'Grocery Store',
      numberOfLocations: 3,
      contactName: 'Ana Núñez',
      email: 'ana@example.com',
      phone: '+15125550142',
      averageOrderValue: 19.99,
      monthlyOrderVolume: 450,
    })
  })

  it('leaves empty optional fields out', () => {
    const parsed = applicationSchema.parse({ ...form, additionalInfo: ' \n ', currentDeliveryMethod: '' })
    expect(parsed.additionalInfo).toBeUndefined()
    expect(parsed.currentDeliveryMethod).toBeUndefined()
    expect(parsed.averageOrderValue).toBeUndefined()
  })

  it('names each required field left empty, as the browser form would send it', () => {
    expect(Object.keys(errorsOf(emptyApplication)).sort()).toEqual(
      ['businessType', 'companyName', 'contactName', 'email', 'numberOfLocations', 'phone'].sort(),
    )
  })

  it('bounds the numbers', () => {
    expect(errorsOf({ ...form, numberOfLocations: '-1' }).numberOfLocations).toBe(
      'The number of locations must be zero or more.',
    )
    expect(errorsOf({ ...form, averageOrderValue: '-4.50' }).averageOrderValue).toBe(
      'The average order value must be zero or more.',
    )
    expect(errorsOf({ ...form, numberOfLocations: '2.5' }).numberOfLocations).toBe(
      'The number of locations must be a whole number.',
    )
    expect(errorsOf({ ...form, numberOfLocations: '1e3' })).toHaveProperty('numberOfLocations')
    expect(errorsOf({ ...form, averageOrderValue: '10.999' }).averageOrderValue).toBe(
      'Use at most 2 decimal places for the average order value.',
    )
    expect(errorsOf({ ...form, averageOrderValue: '100001' }).averageOrderValue).toBe(
      'The average order value must be 100,000 or less.',
    )
    expect(errorsOf({ ...form, monthlyOrderVolume: 'Infinity' })).toHaveProperty('monthlyOrderVolume')
    expect(errorsOf({ ...form, monthlyOrderVolume: Number.NaN })).toHaveProperty('monthlyOrderVolume')
    expect(errorsOf({ ...form, averageOrderValue: '0.1', monthlyOrderVolume: '0' })).toEqual({})
  })

  it('writes messages a visitor can act on', () => {
    const errors = errorsOf({ ...form, email: 'ana@', phone: '555' })
    expect(errors.email).toBe('Enter a valid e-mail address, like name@company.com.')
    expect(errors.phone).toMatch(/^Enter a phone number like/)
  })

  it('names the field in each message, so the error summary tells its links apart', () => {
    const long = 'x'.repeat(5000)
    const errors = errorsOf({
      ...form,
      companyName: long,
      contactName: long,
      additionalInfo: long,
      numberOfLocations: '-2',
      monthlyOrderVolume: '-2',
    })
    expect(errors).toMatchObject({
      companyName: `Use at most ${applicationLimits.companyName} characters for your company name.`,
      contactName: `Use at most ${applicationLimits.contactName} characters for your name.`,
      additionalInfo: 'Use at most 4,000 characters for anything else we should know.',
      numberOfLocations: 'The number of locations must be zero or more.',
      monthlyOrderVolume: 'The number of orders per month must be zero or more.',
    })
  })

  it('parses its own output to itself, so the server accepts exactly what the form sends', () => {
    const arbitraryForm = fc.record({
      companyName: fc.string({ minLength: 1, maxLength: 40 }),
      businessType: fc.constantFrom(...businessTypes),
      numberOfLocations: fc.integer({ min: 0, max: 10_000 }).map(String),
      contactName: fc.string({ minLength: 1, maxLength: 40 }),
      email: fc.constantFrom('A@B.co', ' x.y+z@example.COM '),
      phone: fc.constantFrom('(512) 555-0142', '+44 20 7946 0958', '1 800 555 0199'),
      averageOrderValue: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toString()),
      ),
      monthlyOrderVolume: fc.oneof(fc.constant(''), fc.nat(10_000_000).map(String)),
      currentDeliveryMethod: fc.constantFrom('', ...deliveryMethods),
      additionalInfo: fc.string({ maxLength: 200 }),
    })
    fc.assert(
      fc.property(arbitraryForm, (values) => {
        const once = applicationSchema.safeParse(values)
        if (!once.success) return // e.g. a name of only spaces
        const wire = JSON.parse(JSON.stringify(once.data))
        expect(applicationSchema.parse(wire)).toEqual(once.data)
      }),
      { numRuns: 300 },
    )
  })
})
