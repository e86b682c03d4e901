import { describe, expect, it } from 'vitest'
import { parseExpires } from './code-expiry.ts'

const now = new Date('2026-01-10T12:00:00Z')

describe('parseExpires', () => {
  it('reads a date as the end of that day (UTC)', () => {
    expect(parseExpires('2026-03-31', now)?.toISOString()).toBe('2026-04-01T00:00:00.000Z')
  })
  it('reads an ISO time with its zone', () => {
    expect(parseExpires('2026-03-31T18:00:00-05:00', now)?.toISOString()).toBe('2026-03-31T23:00:00.000Z')
  })
  it('reads durations from now', () => {
    expect(parseExpires('12h', now)?.toISOString()).toBe('2026-01-11T00:00:00.000Z')
    expect(parseExpires('30d', now)?.toISOString()).toBe('2026-02-09T12:00:00.000Z')
    expect(parseExpires('2w', now)?.toISOString()).toBe('2026-01-24T12:00:00.000Z')
    expect(parseExpires('90m', now)?.toISOString()).toBe('2026-01-10T13:30:00.000Z')
  })
  it('refuses anything else', () => {
    for (const bad of ['tomorrow', '2026-02-31', '31/03/2026', '2026-03-31T18:00', '-5d', '']) {
      expect(parseExpires(bad, now), bad).toBeNull()
    }
  })
})
