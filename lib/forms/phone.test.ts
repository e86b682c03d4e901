import { describe, expect, it } from 'vitest'
import { normalisePhone } from './phone.ts'

describe('normalisePhone', () => {
  it('accepts the common US formats', () => {
    for (const input of [
      '5125550142',
      '512-555-0142',
      '512.555.0142',
      '512 555 0142',
      '(512) 555-0142',
      '(512)555-0142',
      '1-512-555-0142',
      '1 (512) 555-0142',
      '+1 512 555 0142',
      '+1 (512) 555-0142',
      '512/555-0142',
      '  512-555-0142  ',
    ]) {
      expect(normalisePhone(input), input).toBe('+15125550142')
    }
  })

  it('accepts international numbers written with + and the country code', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('+49 (0)30 123456')).toBe('+49030123456')
    expect(normalisePhone('+61 2 9876 5432')).toBe('+61298765432')
  })

  it('is stable on its own output', () => {
    for (const canonical of ['+15125550142', '+442079460958'])
      expect(normalisePhone(canonical)).toBe(canonical)
  })

  it('refuses what cannot be a dialable number', () => {
    for (const input of [
      '',
      '12345',
      '555-0142',
      '(012) 555-0142', // area codes never start with 0 or 1
      '(512) 155-0142', // nor do exchanges
      '+1 012 555 0142',
      '512-555-0142 ext 7',
      'call me',
      '+0 123 456 789',
      '+1234567', // too short
      '+1234567890123456', // over 15 digits
      '44 20 7946 0958', // international without +
      '++15125550142',
      '512-555-0142+',
    ]) {
      expect(normalisePhone(input), input).toBeNull()
    }
  })
})
