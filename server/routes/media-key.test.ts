import { describe, expect, it } from 'vitest'
import {
  hasEncodedSeparator,
  invalidKeyReason,
  MAX_KEY_LENGTH,
  MAX_SEGMENT_BYTES,
} from './media-key.server.ts'

describe('invalidKeyReason', () => {
  it.each([
    ['rm5_1.jpg'],
    ['hero/0_66.png'],
    ['rm5-demo/seg_000.ts'],
    ['a b/ünï.jpg'],
    ['x..y/...'],
    ['.well-known'],
  ])('accepts the plain relative key %j', (key) => {
    expect(invalidKeyReason(key)).toBeUndefined()
  })

  it('accepts keys up to the longest key and segment', () => {
    const longest = `${'a'.repeat(MAX_SEGMENT_BYTES)}/${'b'.repeat(MAX_SEGMENT_BYTES)}/`.padEnd(
      MAX_KEY_LENGTH,
      'c',
    )
    expect(invalidKeyReason(longest)).toBeUndefined()
    expect(invalidKeyReason('é'.repeat(MAX_SEGMENT_BYTES / 2))).toBeUndefined()
  })

  it.each([
    [''],
    ['..'],
    ['../etc/passwd'],
    ['a/../b'],
    ['a/./b'],
    ['a/..'],
    ['/abs'],
    ['a//b'],
    ['a/'],
    ['a\\b'],
    ['a\u0000b'],
    ['a\nb'],
    ['a'.repeat(MAX_KEY_LENGTH + 1)],
    ['a'.repeat(MAX_SEGMENT_BYTES + 1)],
    [`dir/${'é'.repeat(MAX_SEGMENT_BYTES / 2)}.jpg`],
  ])('rejects %j', (key) => {
    expect(invalidKeyReason(key)).toEqual(expect.any(String))
  })
})

describe('hasEncodedSeparator', () => {
  it.each([
    ['/media/360/..%2F..%2Fetc/passwd'],
    ['/media/360/a%2fb'],
    ['/media/360/a%5Cb'],
    ['/media/360/a%00'],
  ])('finds the encoded slash, backslash or NUL in %j, in any case', (path) => {
    expect(hasEncodedSeparator(path)).toBe(true)
  })

  it('passes other encoded characters', () => {
    expect(hasEncodedSeparator('/media/360/a%20b.jpg')).toBe(false)
  })
})
