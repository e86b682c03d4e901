// The site's rate limits as SECURITY.md promises them, written out here (never read from the code):
// SECURITY.md's "Rate limits" table must state exactly these rows, and the one table the routes
// read (RATE_LIMITS) must hold exactly the same. A limit changed in either place fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RATE_LIMITS } from './rate-limits.server.ts'

const MINUTE = 60_000

/** name: [requests, window, counted per] */
const PROMISED: Record<string, [number, number, string]> = {
  accessVerify: [10, MINUTE, 'client and gate'],
  accessEmailPerClient: [10, 15 * MINUTE, 'client'],
  accessEmailPerAddress: [3, 15 * MINUTE, 'e-mail address'],
  accessLink: [10, MINUTE, 'client'],
  applications: [10, 10 * MINUTE, 'client'],
  contact: [10, 10 * MINUTE, 'client'],
  turntable: [120, MINUTE, 'client'],
  documentBeacon: [120, MINUTE, 'client'],
  adminSignInPerClient: [10, 15 * MINUTE, 'client'],
  adminSignInPerAddress: [3, 15 * MINUTE, 'e-mail address from each client'],
  adminCredential: [10, MINUTE, 'client'],
  adminPasskeyOptions: [10, MINUTE, 'client'],
  adminOidcStart: [10, MINUTE, 'client'],
  notFound: [60, MINUTE, 'client'],
  renderPerRequest: [60, MINUTE, 'client'],
}

/** The rows of the first table in SECURITY.md's "Rate limits" section: name → [requests, window ms, key]. */
function securityTable(): Record<string, [number, number, string]> {
  const text = readFileSync(new URL('../../SECURITY.md', import.meta.url), 'utf8')
  const section = text.split(/^## /m).find((part) => part.startsWith('Rate limits'))
  if (!section) throw new Error('SECURITY.md has no "Rate limits" section')
  const lines = section.split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const header = cells(lines[first] ?? '')
  expect(header.slice(0, 5)).toEqual(['limit', 'what', 'requests', 'window', 'counted per'])
  const rows: Record<string, [number, number, string]> = {}
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break
    const [name, , requests, window, key] = cells(line)
    const id = /^`(\w+)`$/.exec(name ?? '')?.[1]
    if (!id) throw new Error(`a row of SECURITY.md's rate limits names no limit: ${line}`)
    expect(rows, `${id} twice`).not.toHaveProperty(id)
    rows[id] = [Number(requests), windowMs(window ?? ''), key ?? '']
  }
  return rows
}

function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
}

function windowMs(text: string): number {
  const match = /^(\d+) (second|minute|hour)s?$/.exec(text)
  if (!match) throw new Error(`not a window: ${text}`)
  const unit = { second: 1_000, minute: MINUTE, hour: 60 * MINUTE }[match[2] as 'second' | 'minute' | 'hour']
  return Number(match[1]) * unit
}

describe('rate limits', () => {
  it('SECURITY.md states every promised limit, and no other', () => {
    expect(securityTable()).toEqual(PROMISED)
  })

  it('the table the routes read holds the same limits', () => {
    const table = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, limit]) => [name, [limit.max, limit.windowMs, limit.key]]),
    )
    expect(table).toEqual(PROMISED)
  })
})
