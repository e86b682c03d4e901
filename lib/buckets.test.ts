import { describe, expect, it } from 'vitest'
import { isKnownBucket, KNOWN_BUCKETS, logicalBucket, physicalBucket, REQUIRED_BUCKETS } from './buckets.ts'

describe('buckets', () => {
  it('maps the spec name Heros to the lowercase physical bucket heros', () => {
    expect(physicalBucket('Heros')).toBe('heros')
    expect(physicalBucket('360')).toBe('360')
    expect(physicalBucket('video')).toBe('video')
  })

  it('requires exactly the three buckets the site fills', () => {
    expect(REQUIRED_BUCKETS).toEqual(['360', 'Heros', 'video'])
  })

  it('knows the viewer fallbacks but nothing else', () => {
    for (const name of ['360-images', 'images', 'product-images']) expect(isKnownBucket(name)).toBe(true)
    for (const name of ['heros', 'HEROS', 'videos', '', 'constructor', '__proto__', 'toString']) {
      expect(isKnownBucket(name)).toBe(false)
    }
    expect(() => physicalBucket('nope')).toThrow(/Unknown bucket/)
    expect(() => physicalBucket('constructor')).toThrow(/Unknown bucket/)
  })

  it('resolves a logical or a physical name to the logical bucket', () => {
    expect(logicalBucket('Heros')).toBe('Heros')
    expect(logicalBucket('heros')).toBe('Heros')
    expect(logicalBucket('360')).toBe('360')
    expect(logicalBucket('HEROS')).toBeUndefined()
  })

  it('only has physical names S3 accepts', () => {
    for (const logical of KNOWN_BUCKETS)
      expect(physicalBucket(logical)).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
  })
})
