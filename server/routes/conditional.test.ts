import { describe, expect, it } from 'vitest'
import { ifRangeAllows, isNotModified, noneMatchHits } from './conditional.server.ts'

const etag = '"abc"'
const modified = new Date('2025-01-02T03:04:05.678Z')

describe('conditional requests', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(noneMatchHits('"abc"', etag)).toBe(true)
    expect(noneMatchHits('W/"abc"', etag)).toBe(true)
    expect(noneMatchHits('"x", "abc"', etag)).toBe(true)
    expect(noneMatchHits('*', etag)).toBe(true)
    expect(noneMatchHits('"abcd"', etag)).toBe(false)
  })

  it('prefers If-None-Match over If-Modified-Since', () => {
    const since = modified.toUTCString()
    expect(isNotModified({ 'if-modified-since': since }, etag, modified)).toBe(true)
    expect(isNotModified({ 'if-none-match': '"old"', 'if-modified-since': since }, etag, modified)).toBe(
      false,
    )
    expect(isNotModified({ 'if-modified-since': 'garbage' }, etag, modified)).toBe(false)
    expect(isNotModified({ 'if-modified-since': new Date('2024-01-01').toUTCString() }, etag, modified)).toBe(
      false,
    )
    expect(isNotModified({}, etag, modified)).toBe(false)
  })

  it('honours Range only when If-Range still matches', () => {
    expect(ifRangeAllows(undefined, etag, modified)).toBe(true)
    expect(ifRangeAllows('"abc"', etag, modified)).toBe(true)
    expect(ifRangeAllows('"old"', etag, modified)).toBe(false)
    expect(ifRangeAllows('W/"abc"', etag, modified)).toBe(false)
    expect(ifRangeAllows(modified.toUTCString(), etag, modified)).toBe(true)
    expect(ifRangeAllows(new Date('2024-01-01').toUTCString(), etag, modified)).toBe(false)
  })
})
