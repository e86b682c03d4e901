import { describe, expect, it } from 'vitest'
import { BEACON_PATH, beaconBody } from './beacon.ts'

describe('beaconBody', () => {
  it('is short JSON naming the document, version, page and whole seconds', () => {
    const document = { documentId: 'a'.repeat(32), version: 2, viewToken: 'v.t' }
    expect(JSON.parse(beaconBody(document, { page: 3, seconds: 41, shown: true }))).toEqual({
      documentId: 'a'.repeat(32),
      version: 2,
      page: 3,
      seconds: 41,
      shown: true,
      token: 'v.t',
    })
    const quiet = beaconBody(document, { page: 0, seconds: 9, shown: false })
    expect(JSON.parse(quiet)).toEqual({
      documentId: 'a'.repeat(32),
      version: 2,
      page: 0,
      seconds: 9,
      token: 'v.t',
    })
    expect(BEACON_PATH).toBe('/api/documents/beacon')
  })
})
