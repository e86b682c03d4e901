import { describe, expect, it } from 'vitest'
import { contactSchema, emptyContact } from './contact-schema.ts'
import { fieldErrors } from './field-errors.ts'

describe('contactSchema', () => {
  it('requires name, e-mail and message; company is optional', () => {
    const result = contactSchema.safeParse(emptyContact)
    expect(result.success).toBe(false)
    if (!result.success)
      expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(['email', 'message', 'name'])
  })

  it('normalises the values', () => {
    expect(
      contactSchema.parse({
        name: ' Grace  Hopper',
        email: 'GRACE@Example.org ',
        company: '  ',
        message: ' Hi\r\nthere ',
      }),
    ).toEqual({ name: 'Grace Hopper', email: 'grace@example.org', message: 'Hi\nthere' })
  })

  it('takes a name or message nothing in which can be seen as missing, in the same words', () => {
    const blank = contactSchema.safeParse({
      name: '\u200B \u202E',
      email: 'a@b.co',
      company: '\u2060',
      message: '\u200B\u200B\u00A0',
    })
    const missing = contactSchema.safeParse({ name: '', email: 'a@b.co', message: '' })
    expect(blank.success || missing.success).toBe(false)
    if (!blank.success && !missing.success)
      expect(fieldErrors(blank.error)).toEqual(fieldErrors(missing.error))
  })

  it('bounds the message at 4,000 characters', () => {
    const ok = contactSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'm'.repeat(4000) })
    expect(ok.success).toBe(true)
    const long = contactSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'm'.repeat(4001) })
    expect(long.success ? {} : fieldErrors(long.error)).toEqual({
      message: 'Use at most 4,000 characters for your message.',
    })
  })
})
