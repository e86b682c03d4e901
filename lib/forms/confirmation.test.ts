import { describe, expect, it } from 'vitest'
import { keptUrl } from '../page-rules.ts'
import {
  CONFIRMATION_MINUTES,
  confirmationQueryVariants,
  confirmationUrl,
  isRecentlySent,
} from './confirmation.ts'

const stored = new Date('2026-12-02T12:34:56Z')
const sentOf = (url: string) => new URL(url, 'http://x').searchParams.get('sent') ?? undefined
const minutesLater = (minutes: number) => stored.getTime() + minutes * 60_000

describe('a confirmation page’s address', () => {
  it('carries the minute the post was stored', () => {
    expect(confirmationUrl('/apply/received', stored)).toBe(`/apply/received?sent=${29_936_914}`)
    expect(new Date(Number(sentOf(confirmationUrl('/x', stored))) * 60_000).toISOString()).toBe(
      '2026-12-02T12:34:00.000Z',
    )
  })

  it('says the post was received for an hour after it, then no longer', () => {
    const sent = sentOf(confirmationUrl('/apply/received', stored))
    expect(isRecentlySent(sent, stored.getTime())).toBe(true)
    expect(isRecentlySent(sent, minutesLater(CONFIRMATION_MINUTES))).toBe(true)
    expect(isRecentlySent(sent, minutesLater(CONFIRMATION_MINUTES + 1))).toBe(false)
    expect(isRecentlySent(sent, minutesLater(60 * 24 * 30))).toBe(false)
  })

  it('allows a minute ahead (another instance’s clock), no more', () => {
    const sent = sentOf(confirmationUrl('/apply/received', stored))
    expect(isRecentlySent(sent, minutesLater(-1))).toBe(true)
    expect(isRecentlySent(sent, minutesLater(-2))).toBe(false)
  })

  it('means nothing sent without a value the server writes', () => {
    for (const value of [
      undefined,
      '',
      '1',
      'abc',
      '029412754',
      '29412754.5',
      '-29412754',
      '1e9',
      '99999999999',
    ])
      expect(isRecentlySent(value, stored.getTime()), String(value)).toBe(false)
  })

  it('is a kept render of its own while recent, and the page without it after', () => {
    const rules = { rendering: 'prerendered' as const, queryVariants: confirmationQueryVariants }
    const url = confirmationUrl('/apply/received', new Date())
    expect(keptUrl(rules, '/apply/received', url.split('?')[1] as string)).toBe(url)
    const old = confirmationUrl('/apply/received', new Date(Date.now() - 2 * 60 * 60_000))
    expect(keptUrl(rules, '/apply/received', old.split('?')[1] as string)).toBe('/apply/received')
    expect(keptUrl(rules, '/apply/received', 'sent=yes&utm_source=mail')).toBe('/apply/received')
  })
})
