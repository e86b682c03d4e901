import { describe, expect, it } from 'vitest'
import { asSite, clientBound, type Measured, ratio, roundRatios, tableRow } from './rounds.ts'
import type { WrkResult } from './wrk.ts'

const run = (rps: number, clientCpu?: number): WrkResult => ({
  rps,
  p50: 1,
  p99: 2,
  max: 3,
  failed: 0,
  status: 0,
  socket: 0,
  clientCpu,
})
const subject = { label: '`/` br', path: '/', encoding: 'br' as const, headers: {} }

describe('a measured path', () => {
  it('takes each ratio within a round, then the median of the rounds', () => {
    const m: Measured = {
      subject,
      runs: { site: [run(50), run(60), run(10)], fastify: [run(100), run(60), run(100)] },
    }
    // Rounds: 0.5, 1.0, 0.1 → 0.5 (not the ratio of the medians, 50 ÷ 100).
    expect(ratio(m, 'fastify')).toBe(0.5)
    expect(roundRatios(m, 'fastify')).toEqual([0.5, 1, 0.1])
    expect(ratio(m, 'nginx')).toBeUndefined()
    expect(roundRatios(m, 'nginx')).toEqual([])
  })

  it('marks the targets whose runs kept wrk’s own core busy, by the median of the rounds', () => {
    const m: Measured = {
      subject,
      runs: {
        site: [run(50, 0.6), run(50, 0.95), run(50, 0.62)],
        nginx: [run(70, 0.91), run(70, 0.93), run(70, 0.5)],
        fastify: [run(80, 0.97), run(80, 0.99), run(80, 0.96)],
      },
    }
    expect(clientBound(m)).toEqual(['nginx', 'fastify'])
    expect(tableRow(m)).toContain('| 62 / 91! / 97! |')
  })

  it('leaves the client column empty where the client’s CPU could not be read', () => {
    const m: Measured = { subject, runs: { site: [run(50)], fastify: [run(80)] } }
    expect(clientBound(m)).toEqual([])
    expect(tableRow(m)).toContain('| — / — / — |')
  })

  it('reads the servers of one setting, measured in the same rounds, as a row of its own against the same references', () => {
    const m: Measured = {
      subject,
      runs: {
        site: [run(50), run(40)],
        'site-off-1': [run(60, 0.5), run(30, 0.5)],
        'site-off-2': [run(70, 0.5), run(40, 0.5)],
        nginx: [run(100), run(80)],
      },
    }
    const off = asSite(m, ['site-off-1', 'site-off-2'], '`/` br, analytics off')
    // Each server's rounds against nginx's run of the same round: 60 ÷ 100 and 30 ÷ 80, then
    // 70 ÷ 100 and 40 ÷ 80, beside the site's own 50 ÷ 100 and 40 ÷ 80.
    expect(roundRatios(off, 'nginx')).toEqual([0.6, 0.375, 0.7, 0.5])
    expect(ratio(off, 'nginx')).toBe(0.55)
    expect(roundRatios(m, 'nginx')).toEqual([0.5, 0.5])
    expect(off.runs['site-off-1']).toBeUndefined()
    expect(tableRow(off)).toMatch(/^\| `\/` br, analytics off \| 50 \| 90 \| — \|/)
    expect(tableRow(asSite(m, ['site-off-1'], 'one'))).toMatch(/^\| one \| 45 \| 90 \| — \|/)
  })
})
