import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts'

describe('IDEMPOTENCY_KEY_PATTERN', () => {
  it('accepts UUIDs and similar opaque tokens, and nothing a header or a URL could break on', () => {
    for (const key of [randomUUID(), 'form-abcDEF123_-xyz', 'a'.repeat(128)])
      expect(IDEMPOTENCY_KEY_PATTERN.test(key), key).toBe(true)
    for (const key of ['short', 'a'.repeat(129), 'has space key', 'ümlaut-key-1', 'a/b/c/d/e', ''])
      expect(IDEMPOTENCY_KEY_PATTERN.test(key), key).toBe(false)
  })
})
