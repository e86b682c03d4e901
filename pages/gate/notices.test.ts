import { describe, expect, it } from 'vitest'
import { noticeFor } from './notices.ts'

// The wording is the spec's error catalogue (section 8), word for word.
describe('gate notices', () => {
  it('match the spec', () => {
    expect(noticeFor('empty')).toEqual({ kind: 'empty', title: 'Please enter your access code' })
    expect(noticeFor('invalid')).toMatchObject({
      title: 'Invalid access code',
      description: 'Please check your code and try again',
    })
    expect(noticeFor('error')).toMatchObject({
      title: 'Error verifying access code',
      description: 'Please try again or contact support',
    })
  })

  it('say when to try again after too many attempts', () => {
    expect(noticeFor('rate_limited', 1).description).toBe('Please try again in 1 second.')
    expect(noticeFor('rate_limited', 42).description).toBe('Please try again in 42 seconds.')
    expect(noticeFor('rate_limited', 150).description).toBe('Please try again in 3 minutes.')
    for (const odd of [undefined, 0, -5, Number.NaN, 99_999]) {
      expect(noticeFor('rate_limited', odd).description).toBe('Please wait a minute, then try again.')
    }
  })

  it('say the gate is busy, and when to try again, while many codes are being checked', () => {
    expect(noticeFor('busy', 2)).toEqual({
      kind: 'busy',
      title: 'The gate is busy',
      description: 'Please try again in 2 seconds.',
    })
  })
})
