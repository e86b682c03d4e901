import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey, SubmissionKeys } from './idempotency'

describe('newIdempotencyKey', () => {
  it('makes v4 UUIDs the server accepts', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey))
    expect(keys.size).toBe(200)
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true)
    }
  })

  it('still works where crypto.randomUUID is missing (plain HTTP on a LAN address)', () => {
    const original = globalThis.crypto.randomUUID
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      expect(newIdempotencyKey()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true })
    }
  })
})

describe('SubmissionKeys', () => {
  let n = 0
  const keys = () => new SubmissionKeys(() => `key-${++n}`)

  it('reuses the key when the same values are submitted again after a failure', () => {
    const k = keys()
    const first = k.keyFor({ a: 1, b: 'x' })
    expect(k.keyFor({ a: 1, b: 'x' })).toBe(first)
  })

  it('uses a new key once the values change, and the old one is not revived', () => {
    const k = keys()
    const first = k.keyFor({ a: 1 })
    const edited = k.keyFor({ a: 2 })
    expect(edited).not.toBe(first)
    expect(k.keyFor({ a: 1 })).not.toBe(first)
  })

  it('starts a new submission after a success, even with identical values', () => {
    const k = keys()
    const first = k.keyFor({ a: 1 })
    k.succeeded()
    expect(k.keyFor({ a: 1 })).not.toBe(first)
  })
})
