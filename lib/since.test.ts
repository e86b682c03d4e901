import { describe, expect, it } from 'vitest'
import { parseSince } from './since.ts'

describe('parseSince', () => {
  it('reads a date as midnight UTC', () => {
    expect(parseSince('2026-01-31')?.toISOString()).toBe('2026-01-31T00:00:00.000Z')
  })

  it('reads an ISO time with its zone', () => {
    expect(parseSince('2026-01-31T09:30:00Z')?.toISOString()).toBe('2026-01-31T09:30:00.000Z')
    expect(parseSince('2026-01-31T09:30+02:00')?.toISOString()).toBe('2026-01-31T07:30:00.000Z')
  })

  it('refuses anything else', () => {
    for (const bad of ['', 'yesterday', '2026-02-31', '31/01/2026', '2026-01-31T09:30', '2026-13-01']) {
      expect(parseSince(bad), bad).toBeNull()
    }
  })
})
